import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Session, type TestApp } from './test-app';
import { createActivityType, createClient, createTimeEntry, ownerRows } from './work-records';

/** The areas of clients, rates, time and expenses: every call that writes in them. */
const WORK_AREAS = /^\/(clients|activity-types|time-entries|timer|expenses|time-settings|users\/:id\/rate)/;
// A bookmark is the reader's own star on a client he may view, not a change to the firm's data.
const PERSONAL = new Set(['PUT /clients/:id/bookmark', 'DELETE /clients/:id/bookmark']);

let testApp: TestApp;
let readonly: Session;
let calls: { method: string; url: string; payload?: unknown }[];

beforeAll(async () => {
  testApp = await createTestApp();
  const admin = await signedIn(testApp.app, 'admin');
  readonly = await signedIn(testApp.app, 'readonly');
  const client = await createClient(admin);
  const activity = await createActivityType(admin);
  const entry = await createTimeEntry(admin, { client_id: client.id, activity_type_id: activity.id });
  const expense = (
    await admin.request({
      method: 'POST',
      url: '/expenses',
      payload: { client_id: client.id, expense_date: '2026-03-04', category: 'postage', amount_cents: 500 },
    })
  ).json();
  const [user] = await ownerRows<{ id: number }>(testApp, sql`select id from users where username = 'readonly'`);
  const clientBody = { client_id: client.client_id, legal_name: 'Read-only was here', entity_type: 'trust' };
  const entryBody = { client_id: client.id, activity_type_id: activity.id, entry_date: '2026-03-02', minutes: 5 };
  const expenseBody = { client_id: client.id, expense_date: '2026-03-04', category: 'postage', amount_cents: 1 };
  calls = [
    { method: 'POST', url: '/clients', payload: { ...clientBody, client_id: 'RO-1x' } },
    { method: 'PUT', url: `/clients/${client.id}`, payload: { ...clientBody, version: client.version } },
    {
      method: 'PUT',
      url: `/clients/${client.id}/activity-types`,
      payload: { items: [{ activity_type_id: activity.id, enabled: false, override_rate_cents: 1 }] },
    },
    {
      method: 'POST',
      url: `/clients/${client.id}/refunds`,
      payload: { refund_date: '2026-03-02', amount_cents: 1, method: 'check' },
    },
    { method: 'POST', url: `/clients/${client.id}/statement/email`, payload: {} },
    { method: 'POST', url: '/activity-types', payload: { name: 'Read-only', code: 'RO-x' } },
    {
      method: 'PUT',
      url: `/activity-types/${activity.id}`,
      payload: { name: 'Read-only', code: activity.code, version: activity.version },
    },
    { method: 'PUT', url: `/users/${user!.id}/rate`, payload: { rate_cents: 99_999, effective_from: '2026-01-01' } },
    { method: 'PUT', url: '/time-settings', payload: { rounding_minutes: 15, rounding_mode: 'up' } },
    { method: 'POST', url: '/time-entries', payload: entryBody },
    { method: 'PUT', url: `/time-entries/${entry.id}`, payload: { ...entryBody, version: entry.version } },
    { method: 'DELETE', url: `/time-entries/${entry.id}` },
    { method: 'POST', url: `/time-entries/${entry.id}/duplicate`, payload: {} },
    { method: 'POST', url: '/time-entries/complete', payload: { ids: [entry.id] } },
    { method: 'POST', url: '/time-entries/complete-week', payload: { week_start: '2026-03-02' } },
    { method: 'POST', url: '/timer/start', payload: { client_id: client.id, activity_type_id: activity.id } },
    { method: 'POST', url: '/timer/stop', payload: {} },
    { method: 'DELETE', url: '/timer' },
    { method: 'POST', url: '/expenses', payload: expenseBody },
    { method: 'PUT', url: `/expenses/${expense.id}`, payload: { ...expenseBody, version: expense.version } },
    { method: 'DELETE', url: `/expenses/${expense.id}` },
    { method: 'POST', url: '/expenses/complete', payload: { ids: [expense.id] } },
    { method: 'POST', url: `/expenses/${expense.id}/receipt`, payload: {} },
    { method: 'DELETE', url: `/expenses/${expense.id}/receipt` },
  ];
});
afterAll(() => testApp.close());

const routeOf = (call: { method: string; url: string }) =>
  `${call.method} ${call.url.replace(/\/\d+(?=\/|$)/g, '/:id')}`;

describe('a read-only user', () => {
  it('is tried on every write of the work areas', () => {
    const writes = testApp.app.declaredRoutes
      .filter((route) => !['GET', 'HEAD'].includes(route.method) && WORK_AREAS.test(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !PERSONAL.has(route));
    expect(new Set(calls.map(routeOf))).toEqual(new Set(writes));
  });

  it('is refused every write with 403, and nothing changes', async () => {
    const audit = async () =>
      (await ownerRows<{ n: number }>(testApp, sql`select count(*)::int as n from audit_log`))[0]!.n;
    const before = await audit();
    const answers: string[] = [];
    for (const call of calls) {
      const response = await readonly.request({
        method: call.method as 'POST',
        url: call.url,
        payload: call.payload as object,
      });
      answers.push(`${routeOf(call)} ${response.statusCode} ${response.json().error}`);
    }
    expect(answers).toEqual(
      calls.map((call) => {
        const flag = /\/(refunds|statement\/email)$/.test(call.url)
          ? 'can_edit_payments'
          : /^\/(clients|activity-types)/.test(call.url)
            ? 'can_edit_clients'
            : call.url.startsWith('/users')
              ? 'can_edit_users'
              : call.url === '/time-settings'
                ? 'can_view_admin_page'
                : 'can_view_time_entries';
        return `${routeOf(call)} 403 Permission required: ${flag}`;
      }),
    );
    expect(await audit()).toBe(before);
  });

  it('still reads clients and the dashboard', async () => {
    expect((await readonly.request({ url: '/clients' })).statusCode).toBe(200);
    expect((await readonly.request({ url: '/dashboard/stats' })).statusCode).toBe(200);
    expect((await readonly.request({ url: '/time-entries' })).statusCode).toBe(403);
  });
});
