import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedInvoice } from '../../../test/money-records';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import {
  createActivityType,
  createClient,
  createTimeEntry,
  expectStatus,
  ownerRows,
  uniqueCode,
} from '../../../test/work-records';

/**
 * GET /billing on a small firm built by hand. The expected figures are worked out here by
 * hand from what the test records, not by the code under test.
 */
const PARTNER_NAME = 'Paul Partner';

describe('View Client Totals (GET /billing)', () => {
  let testApp: TestApp;
  let admin: Session;
  let token: string;
  let alpha: { id: number; client_id: string };
  let beta: { id: number; client_id: string };
  let partnerId: number;
  let wipEntry: { id: number; version: number; [field: string]: unknown };

  const march = 'from=2026-03-01&to=2026-03-31';

  async function totals(query: string, session = admin) {
    const response = await session.request({ url: `/billing?q=${token}&${query}` });
    expectStatus(response, 200);
    return response.json();
  }

  async function pay(clientId: number, date: string, cents: number, applications: unknown[]) {
    const response = await admin.request({
      method: 'POST',
      url: '/payments',
      payload: { client_id: clientId, payment_date: date, amount_cents: cents, method: 'check', applications },
    });
    expectStatus(response, 201);
    return response.json() as { id: number };
  }

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'error' });
    admin = await signedIn(testApp.app, 'admin');
    token = uniqueCode('Billtot').toLowerCase();
    const [partner] = await ownerRows<{ id: number }>(
      testApp,
      sql`select u.id from users u join organizations o on o.id = u.organization_id
          where o.subdomain = 'demo' and u.username = 'partner'`,
    );
    partnerId = partner!.id;
    alpha = await createClient(admin, { legal_name: `Alpha ${token}`, responsible_partner_id: partnerId });
    beta = await createClient(admin, { legal_name: `Beta ${token}` });
    // $120.00 an hour: 90 minutes are $180.00, 30 minutes $60.00.
    const activity = await createActivityType(admin, { default_rate_cents: 12_000 });
    const work = { client_id: alpha.id, activity_type_id: activity.id, billable: true, entry_date: '2026-03-03' };
    await createTimeEntry(admin, { ...work, minutes: 90, status: 'completed' });
    const entry = await createTimeEntry(admin, { ...work, minutes: 30, status: 'completed' });
    wipEntry = { ...work, ...entry };
    // Not WIP: a draft entry and a non-billable one.
    await createTimeEntry(admin, { ...work, minutes: 60, status: 'draft' });
    await createTimeEntry(admin, { ...work, minutes: 60, billable: false, status: 'completed' });
    const expense = await admin.request({
      method: 'POST',
      url: '/expenses',
      payload: {
        client_id: alpha.id,
        expense_date: '2026-03-04',
        category: 'filing_fee',
        amount_cents: 2500,
        status: 'completed',
      },
    });
    expectStatus(expense, 201);

    // Alpha: $1,000.00 in March, $300.00 in February, $500.00 in March voided.
    const march5 = await issuedInvoice(admin, alpha.id, 100_000, { issue_date: '2026-03-05' });
    await issuedInvoice(admin, alpha.id, 30_000, { issue_date: '2026-02-10' });
    const voided = await issuedInvoice(admin, alpha.id, 50_000, { issue_date: '2026-03-20' });
    expectStatus(
      await admin.request({ method: 'POST', url: `/invoices/${voided.id}/void`, payload: { reason: 'Wrong client' } }),
      200,
    );
    // $400.00 on March 15th, a $200.00 payment voided, then a $100.00 payment backdated to
    // March 2nd and recorded last, of which $25.00 is refunded on March 25th.
    await pay(alpha.id, '2026-03-15', 40_000, [{ invoice_id: march5.id, amount_cents: 40_000 }]);
    const mistaken = await pay(alpha.id, '2026-03-10', 20_000, []);
    expectStatus(
      await admin.request({ method: 'POST', url: `/payments/${mistaken.id}/void`, payload: { reason: 'Bounced' } }),
      200,
    );
    await pay(alpha.id, '2026-03-02', 10_000, []);
    expectStatus(
      await admin.request({
        method: 'POST',
        url: `/clients/${alpha.id}/refunds`,
        payload: { refund_date: '2026-03-25', amount_cents: 2500, method: 'check' },
      }),
      200 + 1,
    );
    // Beta: $250.00 issued in April, nothing else.
    await issuedInvoice(admin, beta.id, 25_000, { issue_date: '2026-04-02' });
  });
  afterAll(() => testApp.close());

  const alphaWip = { unbilled_minutes: 120, unbilled_cents: 18_000 + 6_000 + 2_500 };
  // 1,000 + 300 (the void nets to 0) - 400 - 100 + 25 refunded.
  const alphaBalance = 100_000 + 30_000 - 40_000 - 10_000 + 2_500;

  it('counts WIP now, billed net of voids and collected net of voids and refunds in March, and the balance', async () => {
    const body = await totals(march);
    expect(body).toMatchObject({ from: '2026-03-01', to: '2026-03-31', total: 2, page: 1, page_size: 25 });
    expect(body.items).toEqual([
      {
        client_id: alpha.id,
        client: { id: alpha.id, client_id: alpha.client_id, legal_name: `Alpha ${token}` },
        ...alphaWip,
        billed_cents: 100_000,
        collected_cents: 40_000 + 10_000 - 2_500,
        ar_balance_cents: alphaBalance,
      },
      {
        client_id: beta.id,
        client: { id: beta.id, client_id: beta.client_id, legal_name: `Beta ${token}` },
        unbilled_minutes: 0,
        unbilled_cents: 0,
        billed_cents: 0,
        collected_cents: 0,
        ar_balance_cents: 25_000,
      },
    ]);
    expect(body.totals).toEqual({
      ...alphaWip,
      billed_cents: 100_000,
      collected_cents: 47_500,
      ar_balance_cents: alphaBalance + 25_000,
    });
  });

  it('counts February and April apart', async () => {
    const february = await totals('from=2026-02-01&to=2026-02-28');
    expect(february.totals).toMatchObject({ billed_cents: 30_000, collected_cents: 0 });
    const april = await totals('from=2026-04-01&to=2026-04-30&sort=billed_cents&order=desc');
    expect(april.items.map((item: { client_id: number }) => item.client_id)).toEqual([beta.id, alpha.id]);
    expect(april.totals).toMatchObject({ billed_cents: 25_000, collected_cents: 0 });
    // The backdated payment alone: March 1st to 2nd.
    const early = await totals('from=2026-03-01&to=2026-03-02');
    expect(early.totals).toMatchObject({ billed_cents: 0, collected_cents: 10_000 });
  });

  it('follows a late edit of WIP at once', async () => {
    const response = await admin.request({
      method: 'PUT',
      url: `/time-entries/${wipEntry.id}`,
      payload: {
        client_id: wipEntry.client_id,
        activity_type_id: wipEntry.activity_type_id,
        entry_date: wipEntry.entry_date,
        billable: true,
        status: 'completed',
        minutes: 45,
        version: wipEntry.version,
      },
    });
    expectStatus(response, 200);
    const body = await totals(march);
    // 30 -> 45 minutes: +$30.00 at $120.00 an hour.
    expect(body.totals).toMatchObject({ unbilled_minutes: 135, unbilled_cents: 29_500 });
  });

  it('filters by responsible partner, pages, sorts and keeps totals over every row', async () => {
    const partner = await totals(`${march}&partner_id=${partnerId}`);
    expect(partner.items.map((item: { client_id: number }) => item.client_id)).toEqual([alpha.id]);
    expect(partner.partner).toEqual({ id: partnerId, name: PARTNER_NAME });
    const paged = await totals(`${march}&page_size=1&page=2&sort=ar_balance_cents&order=desc`);
    expect(paged.total).toBe(2);
    expect(paged.items.map((item: { client_id: number }) => item.client_id)).toEqual([beta.id]);
    expect(paged.totals.ar_balance_cents).toBe(alphaBalance + 25_000);
  });

  it('writes the same rows as CSV', async () => {
    const response = await admin.request({ url: `/billing/export.csv?q=${token}&${march}` });
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'client_id,client_name,unbilled_hours,unbilled_minutes,unbilled,billed,collected,ar_balance',
      `${alpha.client_id},Alpha ${token},2.25,135,295.00,1000.00,475.00,825.00`,
      `${beta.client_id},Beta ${token},0.00,0,0.00,0.00,0.00,250.00`,
    ]);
  });

  it('answers a named period in the firm zone', async () => {
    const body = await totals('period=this_month');
    expect(body.period).toBe('this_month');
    expect(body.from).toBe(`${body.as_of.slice(0, 8)}01`);
    expect(body.to >= body.as_of).toBe(true);
  });

  it('refreshes to the same figures', async () => {
    const before = await totals(march);
    const refreshed = await admin.request({ method: 'POST', url: '/billing/refresh' });
    expectStatus(refreshed, 200);
    expect(await totals(march)).toEqual(before);
  });

  it('refuses bad dates and periods with 400', async () => {
    for (const [query, field] of [
      ['from=2026-02-30&to=2026-03-31', 'from'],
      ['from=2026-03-31&to=2026-03-01', 'to'],
      ['to=2026-03-31', 'from'],
      ['from=2026-03-01', 'to'],
      ['period=next_decade', 'period'],
      [`${march}&sort=nothing`, 'sort'],
    ] as const) {
      const response = await admin.request({ url: `/billing?${query}` });
      expectStatus(response, 400);
      expect(Object.keys(response.json().details ?? {})).toContain(field);
    }
  });

  it('refuses people without can_view_billing (403)', async () => {
    const staff = await signedIn(testApp.app, 'staff');
    expectStatus(await staff.request({ url: `/billing?${march}` }), 403);
    expectStatus(await staff.request({ url: `/billing/export.csv?${march}` }), 403);
    expectStatus(await staff.request({ method: 'POST', url: '/billing/refresh' }), 403);
  });

  it("shows nothing of another firm's partner or clients", async () => {
    const [foreignPartner] = await ownerRows<{ id: number }>(
      testApp,
      sql`select u.id from users u join organizations o on o.id = u.organization_id
          where o.subdomain <> 'demo' and u.username = 'nwadmin'`,
    );
    const byForeignPartner = await admin.request({ url: `/billing?${march}&partner_id=${foreignPartner!.id}` });
    expectStatus(byForeignPartner, 200);
    expect(byForeignPartner.json()).toMatchObject({ items: [], total: 0, partner: null });
    const foreign = await signedIn(testApp.app, 'nwadmin');
    const theirs = await foreign.request({ url: `/billing?q=${token}&${march}` });
    expectStatus(theirs, 200);
    expect(theirs.json()).toMatchObject({ items: [], total: 0 });
  });
});
