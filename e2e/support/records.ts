import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import type { PORTAL_ADMIN, ROLES_ADMIN } from './accounts';
import { DEMO_PASSWORD, apiUrl, type DemoUsername } from './demo';

/** A name no other test (or earlier run on the same database) uses. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** A client ID no other test uses: the firm's codes are unique per organization. */
export function uniqueCode(prefix: string): string {
  return `${prefix}-${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}

/** The API as a signed-in demo user, for arranging data a test needs and for calls the UI would never make. */
export type Api = {
  get: (path: string) => Promise<unknown>;
  post: (path: string, body?: unknown) => Promise<unknown>;
  put: (path: string, body?: unknown) => Promise<unknown>;
  delete: (path: string) => Promise<unknown>;
  /** A multipart POST of one file in the field `file`, as a file input sends it. */
  upload: (path: string, file: { name: string; mimeType: string; buffer: Buffer }) => Promise<unknown>;
  dispose: () => Promise<void>;
};

async function answerOf(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<unknown> {
  expect(response.ok(), `${what} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response.status() === 204 ? null : response.json();
}

export async function apiAs(
  username: DemoUsername | typeof PORTAL_ADMIN.username | typeof ROLES_ADMIN.username,
): Promise<Api> {
  const context = await request.newContext();
  await answerOf(
    await context.post(apiUrl('/login'), { data: { username, password: DEMO_PASSWORD } }),
    `POST /login as ${username}`,
  );
  const { cookies } = await context.storageState();
  const csrf = cookies.find((cookie) => cookie.name === 'csrf_access_token')?.value ?? '';
  const headers = { 'X-CSRF-TOKEN': csrf };
  return {
    get: async (path) => answerOf(await context.get(apiUrl(path)), `GET ${path}`),
    post: async (path, body) => answerOf(await context.post(apiUrl(path), { data: body, headers }), `POST ${path}`),
    put: async (path, body) => answerOf(await context.put(apiUrl(path), { data: body, headers }), `PUT ${path}`),
    delete: async (path) => answerOf(await context.delete(apiUrl(path), { headers }), `DELETE ${path}`),
    upload: async (path, file) =>
      answerOf(await context.post(apiUrl(path), { multipart: { file }, headers }), `POST ${path} (upload)`),
    dispose: () => context.dispose(),
  };
}

/** The CSRF value of a signed-in page, for a direct call made with the page's own cookies. */
export async function csrfOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'csrf_access_token')?.value ?? '';
}

type Created = { id: number };

type CreatedClient = Created & { client_id: string; updated_at: string };

export async function createClient(api: Api, legalName: string): Promise<CreatedClient> {
  return (await api.post('/clients', {
    client_id: uniqueCode('E2E'),
    legal_name: legalName,
    entity_type: 'c_corp',
  })) as CreatedClient;
}

export async function createActivityType(
  api: Api,
  name: string,
  rateCents: number | null,
): Promise<Created & { code: string }> {
  return (await api.post('/activity-types', {
    name,
    code: uniqueCode('A'),
    default_rate_cents: rateCents,
  })) as Created & { code: string };
}

export async function createTimeEntry(
  api: Api,
  entry: { client_id: number; activity_type_id: number; entry_date: string; minutes: number; narrative?: string },
): Promise<Created & { version: number }> {
  return (await api.post('/time-entries', entry)) as Created & { version: number };
}

/** Today in the demo firm's time zone (America/New_York), as the server counts "today". */
export function firmToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}

/** How the week grid names a day: "Sun 11/22", and its column (Monday first). */
export function gridDay(date: string): { label: string; column: number } {
  const moment = new Date(`${date}T00:00:00Z`);
  const weekday = moment.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  return {
    label: `${weekday} ${moment.getUTCMonth() + 1}/${moment.getUTCDate()}`,
    column: (moment.getUTCDay() + 6) % 7,
  };
}

export function daysBefore(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() - days);
  return moment.toISOString().slice(0, 10);
}

/** A 1x1 PNG, made in the test: a real image by its content, which is how the server judges receipts. */
export function tinyPng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
}
