import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_MULTIPART } from '../src/modules/uploads/single-upload';
import { NUL_MESSAGE } from '../src/plugins/text-guard';
import { undeclaredAnswersOf } from './answer-record';
import { Session, createTestApp, signedIn, type TestApp } from './test-app';
import { createActivityType, createClient, type ActivityTypeBody, type ClientBody } from './work-records';

/**
 * Input PostgreSQL cannot take (issue 10): a NUL byte in text, an id past the integer
 * column, a date before year 1, a multipart body that breaks off. Each answers 400 naming
 * the field, never 500, on every route that reads it, signed in or not.
 */

let dataDir: string;
let testApp: TestApp;
let admin: Session;
let client: ClientBody;
let activity: ActivityTypeBody;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'practice-bad-input-'));
  testApp = await createTestApp({ dataDir });
  admin = await signedIn(testApp.app, 'admin');
  client = await createClient(admin);
  activity = await createActivityType(admin);
});
afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A 400 whose details name `field`. */
function expectFieldError(response: LightMyRequestResponse, field: string): void {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ error: string; details?: Record<string, string> }>();
  expect(body.details?.[field], response.body).toEqual(expect.any(String));
  expect(body.error).toEqual(expect.any(String));
}

const NUL = 'a\u0000b';

describe('a NUL byte in text answers 400 with the field named', () => {
  it('without a session: sign-in, reset request and passkey options', async () => {
    const anonymous = new Session(testApp.app);
    const send = (url: string, payload: object) => anonymous.request({ method: 'POST', url, payload, csrf: null });
    expectFieldError(await send('/login', { username: `admin${NUL}`, password: 'whatever1' }), 'username');
    expectFieldError(await send('/reset_password/send', { email: `a${NUL}@example.com` }), 'email');
    expectFieldError(await send('/api/webauthn/authenticate/options', { username: `admin${NUL}` }), 'username');
  });

  it('in the text fields of clients, contacts, activity types, time, timer and expenses', async () => {
    const post = (url: string, payload: object) => admin.request({ method: 'POST', url, payload });
    const clientBody = { client_id: 'NUL-1', legal_name: 'Nul LLC', entity_type: 'c_corp' };
    expectFieldError(await post('/clients', { ...clientBody, legal_name: NUL }), 'legal_name');
    expectFieldError(await post('/clients', { ...clientBody, notes: NUL }), 'notes');
    expectFieldError(await post('/clients', { ...clientBody, tags: [NUL] }), 'tags.0');
    expectFieldError(await post('/clients', { ...clientBody, contacts: [{ name: NUL }] }), 'contacts.0.name');
    expectFieldError(await post('/activity-types', { name: NUL, code: 'NUL1' }), 'name');
    const work = { client_id: client.id, activity_type_id: activity.id };
    expectFieldError(
      await post('/time-entries', { ...work, entry_date: '2026-03-02', minutes: 30, narrative: NUL }),
      'narrative',
    );
    expectFieldError(await post('/timer/start', { ...work, narrative: NUL }), 'narrative');
    expectFieldError(
      await post('/expenses', {
        client_id: client.id,
        expense_date: '2026-03-02',
        category: 'postage',
        amount_cents: 100,
        description: NUL,
      }),
      'description',
    );
  });

  it('in the q, tag and role queries', async () => {
    const get = (url: string) => admin.request({ url });
    expectFieldError(await get('/clients?q=a%00b'), 'q');
    expectFieldError(await get('/clients?tag=a%00b'), 'tag');
    expectFieldError(await get('/users/options?q=a%00b'), 'q');
    expectFieldError(await get('/users/options?role=a%00b'), 'role');
    expectFieldError(await get('/activity-types?q=a%00b'), 'q');
  });

  it('in a field no schema names, an object key and a path, the same answer', async () => {
    const extra = await admin.request({ method: 'POST', url: '/timer/stop', payload: { extra: NUL } });
    expect(extra.statusCode, extra.body).toBe(400);
    expect(extra.json()).toEqual({ error: NUL_MESSAGE, details: { extra: NUL_MESSAGE } });
    const key = await admin.request({ method: 'POST', url: '/timer/stop', payload: { nested: { [NUL]: 1 } } });
    expect(key.json()).toEqual({ error: NUL_MESSAGE, details: { [`nested.${NUL}`]: NUL_MESSAGE } });
    const reset = await new Session(testApp.app).request({ url: '/reset_password/a%00b', csrf: null });
    expect(reset.statusCode, reset.body).toBe(400);
    expect(reset.json()).toEqual({ error: NUL_MESSAGE, details: { resetCode: NUL_MESSAGE } });
  });

  // Issue 19's fuzz: each level of a nested body carried a copy of its whole path, so a
  // 100 KB body cost seconds of CPU (20,000 levels took 5 s, 50,000 far longer).
  it('in a body 50,000 levels deep, at once', async () => {
    const depth = 50_000;
    const started = performance.now();
    const response = await admin.request({
      method: 'POST',
      url: '/timer/stop',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(depth)}"a\\u0000b"${']'.repeat(depth)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(NUL_MESSAGE);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('answers 401 first to a caller without a session on a signed-in route', async () => {
    const response = await new Session(testApp.app).request({ url: '/clients?q=a%00b', csrf: null });
    expect(response.statusCode).toBe(401);
  });
});

// Issue 19's fuzz: the router answered these itself, in Fastify's shape and echoing the path.
describe('a path the router cannot read answers 404 in the error shape', () => {
  it('with broken percent-encoding or a segment past the length limit, signed in or not', async () => {
    const anonymous = new Session(testApp.app);
    for (const url of ['/clients/%zz', '/time-entries/%C0%AF', '/users/%/rate', `/reset_password/${'x'.repeat(101)}`]) {
      for (const caller of [admin, anonymous]) {
        const response = await caller.request({ url, csrf: null });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ error: 'Not found' });
      }
    }
  });
});

const TOO_LARGE_ID = 3_000_000_000;

describe('an id past the integer column', () => {
  it('answers 400 in a body, naming the field', async () => {
    const entry = { activity_type_id: activity.id, entry_date: '2026-03-02', minutes: 30 };
    expectFieldError(
      await admin.request({ method: 'POST', url: '/time-entries', payload: { ...entry, client_id: TOO_LARGE_ID } }),
      'client_id',
    );
    expectFieldError(
      await admin.request({
        method: 'POST',
        url: '/time-entries',
        payload: { ...entry, client_id: client.id, user_id: TOO_LARGE_ID },
      }),
      'user_id',
    );
    expectFieldError(
      await admin.request({
        method: 'PUT',
        url: `/clients/${client.id}/activity-types`,
        payload: { items: [{ activity_type_id: TOO_LARGE_ID, enabled: true, override_rate_cents: null }] },
      }),
      'items.0.activity_type_id',
    );
  });

  it('answers 400 in a list filter, naming the field', async () => {
    expectFieldError(await admin.request({ url: `/time-entries?client_id=${TOO_LARGE_ID}` }), 'client_id');
    expectFieldError(await admin.request({ url: `/time-entries?user_id=${TOO_LARGE_ID}` }), 'user_id');
    expectFieldError(await admin.request({ url: `/expenses?client_id=${TOO_LARGE_ID}` }), 'client_id');
    expectFieldError(await admin.request({ url: `/clients?partner_id=${TOO_LARGE_ID}` }), 'partner_id');
    expectFieldError(await admin.request({ url: `/invoices?client_id=${TOO_LARGE_ID}` }), 'client_id');
    expectFieldError(await admin.request({ url: `/time-entries/week?user_id=${TOO_LARGE_ID}` }), 'user_id');
  });

  it('answers 404 in a path, as any id that names nothing (ADR 0042)', async () => {
    const response = await admin.request({ url: `/clients/${TOO_LARGE_ID}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found' });
  });
});

describe('a date outside 1900-01-01 to 2999-12-31', () => {
  const entry = () => ({ client_id: client.id, activity_type_id: activity.id, minutes: 30 });

  it('answers 400 in a body, naming the field', async () => {
    for (const entryDate of ['0000-01-01', '1899-12-31', '3000-01-01']) {
      expectFieldError(
        await admin.request({ method: 'POST', url: '/time-entries', payload: { ...entry(), entry_date: entryDate } }),
        'entry_date',
      );
    }
    expectFieldError(
      await admin.request({
        method: 'PUT',
        url: `/users/${(await admin.request({ url: '/user' })).json<{ id: number }>().id}/rate`,
        payload: { rate_cents: 10_000, effective_from: '0000-01-01' },
      }),
      'effective_from',
    );
    expectFieldError(
      await admin.request({
        method: 'PUT',
        url: `/clients/${client.id}/activity-types`,
        payload: { effective_from: '0000-01-01', items: [] },
      }),
      'effective_from',
    );
  });

  it('answers 400 in a query, naming the field', async () => {
    expectFieldError(await admin.request({ url: '/time-entries?from=0000-01-01' }), 'from');
    expectFieldError(await admin.request({ url: '/expenses?to=0000-01-01' }), 'to');
    expectFieldError(await admin.request({ url: '/time-entries/week?start=0000-01-01' }), 'start');
  });

  it('accepts the first and the last day of the range', async () => {
    for (const entryDate of ['1900-01-01', '2999-12-31']) {
      const response = await admin.request({
        method: 'POST',
        url: '/time-entries',
        payload: { ...entry(), entry_date: entryDate },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    expect((await admin.request({ url: '/time-entries/week?start=2999-12-30' })).statusCode).toBe(200);
  });
});

describe('a malformed multipart receipt answers 400', () => {
  let expenseId: number;
  beforeAll(async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/expenses',
      payload: { client_id: client.id, expense_date: '2026-03-02', category: 'postage', amount_cents: 100 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expenseId = response.json<{ id: number }>().id;
  });

  const head = '--b0undary\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\n\r\n%PDF-1.4\n';
  const bodies: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', `${head}\r\n--b0undary--\r\n`],
    ['a body cut off in the headers', 'multipart/form-data; boundary=b0undary', '--b0undary\r\nContent-Disp'],
    ['a body cut off in the file', 'multipart/form-data; boundary=b0undary', head],
    ['no closing boundary', 'multipart/form-data; boundary=b0undary', `${head}%%EOF\n\r\n`],
    ['an empty body', 'multipart/form-data; boundary=b0undary', ''],
  ];

  it.each(bodies)('%s', async (_name, contentType, payload) => {
    const response = await admin.request({
      method: 'POST',
      url: `/expenses/${expenseId}/receipt`,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(
      payload === '' ? 'Choose a receipt file to upload' : MALFORMED_MULTIPART,
    );
  });
});

describe('the OpenAPI document', () => {
  it("declares every status this file's calls were answered with (docs/decisions/0220)", async () => {
    expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
  });
});
