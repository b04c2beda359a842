import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, Session, signedIn, type TestApp } from './test-app';
import { expectStatus, organizationIdOf, ownerRows } from './work-records';

let testApp: TestApp;
let admin: Session;
let staff: Session;
let nwadmin: Session;

const click = (name: string, extra: Record<string, unknown> = {}) => ({
  activity_type: 'click',
  activity_category: 'ui',
  activity_name: name,
  page_url: 'http://localhost:3000/clients/manage',
  page_title: 'Clients',
  element_selector: 'button.primary',
  element_text: 'Save',
  element_position: { x: 10, y: 20 },
  client_timestamp: new Date().toISOString(),
  ...extra,
});

const batch = (activities: unknown[], session = 'session-1') => ({
  activities,
  batch_info: { batch_size: activities.length, timestamp: new Date().toISOString(), session_id: session },
});

const stored = async (name: string) =>
  ownerRows<{
    organization_id: number;
    user_id: number;
    ip_address: string;
    session_id: string;
    element_position: unknown;
  }>(
    testApp,
    sql`select organization_id, user_id, ip_address, session_id, element_position from activity_logs where activity_name = ${name}`,
  );

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedIn(testApp.app, 'admin');
  staff = await signedIn(testApp.app, 'staff');
  nwadmin = await signedIn(testApp.app, 'nwadmin');
});
afterAll(() => testApp.close());

describe('POST /api/activity-logs', () => {
  it('stores a batch for the session’s organization with the request’s address, never the body’s', async () => {
    const northwind = await organizationIdOf(testApp, 'northwind');
    const response = await staff.request({
      method: 'POST',
      url: '/api/activity-logs',
      payload: batch([
        click('stored-a', { ip_address: '203.0.113.9', organization_id: northwind }),
        { activity_type: 'navigation', activity_name: 'stored-b', page_url: '/profile', session_id: 'own-session' },
      ]),
    });
    expectStatus(response, 200);
    expect(response.json()).toEqual({ logged_count: 2, failed_count: 0 });
    const [row] = await stored('stored-a');
    expect(row).toMatchObject({
      organization_id: await organizationIdOf(testApp, 'demo'),
      ip_address: '127.0.0.1',
      session_id: 'session-1',
      element_position: { x: 10, y: 20 },
    });
    expect((await stored('stored-b'))[0]!.session_id).toBe('own-session');
  });

  it('counts malformed activities as failed and stores the rest', async () => {
    const response = await staff.request({
      method: 'POST',
      url: '/api/activity-logs',
      payload: batch([
        click('mixed-ok'),
        click('mixed-bad-type', { activity_type: 'hover' }),
        click('mixed-long-text', { element_text: 'x'.repeat(101) }),
        click('mixed-nested', { extra_data: { deep: { no: 1 } } }),
      ]),
    });
    expect(response.json()).toEqual({ logged_count: 1, failed_count: 3 });
    expect(await stored('mixed-long-text')).toEqual([]);
  });

  it('refuses a malformed batch with 400 and writes nothing', async () => {
    const before = (await ownerRows<{ n: number }>(testApp, sql`select count(*)::int as n from activity_logs`))[0]!.n;
    for (const payload of [
      { activities: [] },
      batch([]),
      { activities: [click('no-info')] },
      batch(Array.from({ length: 51 }, () => click('too-many'))),
      { ...batch([click('no-session')]), batch_info: { batch_size: 1, timestamp: 1, session_id: '' } },
    ]) {
      expectStatus(await staff.request({ method: 'POST', url: '/api/activity-logs', payload }), 400);
    }
    const after = (await ownerRows<{ n: number }>(testApp, sql`select count(*)::int as n from activity_logs`))[0]!.n;
    expect(after).toBe(before);
  });

  it('bounds the body: 413 past 64 KB', async () => {
    const big = batch(Array.from({ length: 40 }, () => click('big', { page_url: 'x'.repeat(1990) })));
    expectStatus(await staff.request({ method: 'POST', url: '/api/activity-logs', payload: big }), 413);
  });

  it('needs a session and its CSRF value, from the header or, for the beacon, the query', async () => {
    expectStatus(
      await new Session(testApp.app).request({
        method: 'POST',
        url: '/api/activity-logs',
        payload: batch([click('x')]),
      }),
      401,
    );
    expectStatus(
      await staff.request({ method: 'POST', url: '/api/activity-logs', payload: batch([click('x')]), csrf: null }),
      403,
    );
    const beacon = await staff.request({
      method: 'POST',
      url: `/api/activity-logs?csrf=${encodeURIComponent(staff.csrfAccess!)}`,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(batch([click('beacon-sent')])),
      csrf: null,
    });
    expectStatus(beacon, 200);
    expect(await stored('beacon-sent')).toHaveLength(1);
    const wrong = await staff.request({
      method: 'POST',
      url: '/api/activity-logs?csrf=wrong',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(batch([click('beacon-wrong')])),
      csrf: null,
    });
    expectStatus(wrong, 403);
    const garbled = await staff.request({
      method: 'POST',
      url: '/api/activity-logs',
      headers: { 'content-type': 'text/plain' },
      payload: '{not json',
    });
    expectStatus(garbled, 400);
  });
});

describe('GET /api/activity-logs', () => {
  it('lists the organization’s activities newest first, filtered, to can_view_admin_page only', async () => {
    await nwadmin.request({ method: 'POST', url: '/api/activity-logs', payload: batch([click('northwind-only')]) });
    const response = await admin.request({ url: '/api/activity-logs?page_size=100' });
    expectStatus(response, 200);
    const body = response.json() as { items: { activity_name: string; user: { username: string } }[]; total: number };
    const names = body.items.map((item) => item.activity_name);
    expect(names).toContain('stored-a');
    expect(names).not.toContain('northwind-only');
    expect(body.items.find((item) => item.activity_name === 'stored-a')!.user.username).toBe('staff');

    const staffId = (await ownerRows<{ id: number }>(testApp, sql`select id from users where username = 'staff'`))[0]!
      .id;
    const filtered = await admin.request({ url: `/api/activity-logs?user_id=${staffId}&activity_type=navigation` });
    expect(
      (filtered.json() as { items: { activity_type: string }[] }).items.every(
        (item) => item.activity_type === 'navigation',
      ),
    ).toBe(true);
    expect((filtered.json() as { total: number }).total).toBeGreaterThan(0);
    const future = await admin.request({ url: '/api/activity-logs?from=2999-01-01' });
    expect(future.json().items).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const window = await admin.request({ url: `/api/activity-logs?from=2000-01-01&to=${today}` });
    expect(window.json().total).toBeGreaterThan(0);

    expectStatus(await staff.request({ url: '/api/activity-logs' }), 403);
    expectStatus(await admin.request({ url: '/api/activity-logs?activity_type=hover' }), 400);
    expectStatus(await admin.request({ url: '/api/activity-logs?from=yesterday' }), 400);
  });
});
