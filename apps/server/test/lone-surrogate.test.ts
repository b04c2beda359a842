import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONE_SURROGATE_MESSAGE } from '../src/plugins/text-guard';
import { issuedInvoice } from './money-records';
import { createTestApp, signedIn, type Session, type TestApp } from './test-app';
import { createClient, ownerRows, uniqueCode } from './work-records';

/**
 * Issue 27: a lone surrogate ("\ud800") in a JSON body reached a jsonb write (preferences,
 * the audit trail, the mail outbox, a payment's stored answer) and answered 500 on both
 * databases. Every route refuses it with 400 naming the field, and writes nothing.
 */
describe('a lone surrogate in a JSON body answers 400 and writes nothing', () => {
  let testApp: TestApp;
  let admin: Session;

  const LONE = 'a\ud800b';

  function expectRefused(response: LightMyRequestResponse, field: string): void {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: LONE_SURROGATE_MESSAGE, details: { [field]: LONE_SURROGATE_MESSAGE } });
  }

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'error' });
    admin = await signedIn(testApp.app, 'admin');
  });
  afterAll(() => testApp.close());

  it('PUT /api/user/preferences (jsonb), the preferences unchanged', async () => {
    const before = (await admin.request({ url: '/api/user/preferences' })).json();
    const raw = await admin.request({
      method: 'PUT',
      url: '/api/user/preferences',
      headers: { 'content-type': 'application/json' },
      payload: '{"notifsMode":"\\ud800"}',
    });
    expectRefused(raw, 'notifsMode');
    expectRefused(
      await admin.request({ method: 'PUT', url: '/api/user/preferences', payload: { notifsMode: LONE } }),
      'notifsMode',
    );
    expect((await admin.request({ url: '/api/user/preferences' })).json()).toEqual(before);
  });

  it('in an object key and a nested field, with the path named', async () => {
    expectRefused(await admin.request({ method: 'PUT', url: '/api/user/preferences', payload: { [LONE]: 'x' } }), LONE);
    expectRefused(
      await admin.request({ method: 'PUT', url: '/api/user/preferences', payload: { sidebarOrder: ['/a', LONE] } }),
      'sidebarOrder.1',
    );
  });

  it('POST /clients (its audit row is jsonb): no client, no audit row', async () => {
    const code = uniqueCode('SUR');
    const response = await admin.request({
      method: 'POST',
      url: '/clients',
      payload: { client_id: code, legal_name: `Surrogate ${LONE}`, entity_type: 'c_corp' },
    });
    expectRefused(response, 'legal_name');
    expect(await ownerRows(testApp, sql`select id from clients where code = ${code}`)).toEqual([]);
  });

  it('POST /payments with an Idempotency-Key (the stored answer is jsonb): no payment', async () => {
    const clientId = (await createClient(admin)).id;
    await issuedInvoice(admin, clientId, 5000);
    const response = await admin.request({
      method: 'POST',
      url: '/payments',
      headers: { 'idempotency-key': `surrogate-${clientId}` },
      payload: { client_id: clientId, payment_date: '2026-10-01', amount_cents: 100, method: 'check', memo: LONE },
    });
    expectRefused(response, 'memo');
    expect(await ownerRows(testApp, sql`select id from payments where client_id = ${clientId}`)).toEqual([]);
  });

  it('keeps a well-paired surrogate (an emoji) as sent', async () => {
    const saved = await admin.request({ method: 'PUT', url: '/api/user/preferences', payload: { notifsMode: '😀' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.request({ url: '/api/user/preferences' })).json()).toMatchObject({ notifsMode: '😀' });
  });
});
