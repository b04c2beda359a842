import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedInvoice } from '../../../test/money-records';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createClient, expectStatus, ownerRows } from '../../../test/work-records';
import { readAging, type AgingQuery } from './ledger-aging';

/**
 * The aging as of a past month end, kept by migration 0049 (ADR 0183): computed on its first
 * ask, recomputed by triggers when something dated by then changes, and always what the exact
 * dated path answers. On PostgreSQL the racing requests run on separate pooled connections.
 */
describe('GET /ledger/aging as of a past month end (kept month ends)', () => {
  let testApp: TestApp;
  let admin: Session;
  let organizationId: number;

  const pay = (payload: Record<string, unknown>) =>
    admin.request({ method: 'POST', url: '/payments', payload: { method: 'check', ...payload } });
  const marks = async (monthEnd: string) =>
    Number(
      (
        await ownerRows<{ n: string }>(
          testApp,
          sql`select count(*)::text as n from aging_month_end_marks
              where organization_id = ${organizationId} and month_end = ${monthEnd}`,
        )
      )[0]!.n,
    );

  async function expectExact(query: Omit<AgingQuery, 'page' | 'page_size'>) {
    const actor = { id: 0, organizationId, username: 'test', csrf: '', fullRole: {} as never };
    const full = { page: 1, page_size: 500, ...query };
    const kept = await readAging(testApp.context.database, actor, full);
    expect(kept).toEqual(await readAging(testApp.context.database, actor, full, { exact: true }));
    return kept;
  }

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'error' });
    admin = await signedIn(testApp.app, 'admin');
    organizationId = (await admin.request({ url: '/user' })).json<{ organization_id: number }>().organization_id;
  });
  afterAll(() => testApp.close());

  it('computes a past month end on its first ask and keeps it while backdated work changes it', async () => {
    const clientId = (await createClient(admin, { legal_name: 'Kept Month End LLC' })).id;
    const invoice = await issuedInvoice(admin, clientId, 30_000, { issue_date: '2025-03-03', due_date: '2025-03-03' });
    expect(await marks('2025-03-31')).toBe(0);

    const first = await admin.request({ url: `/ledger/aging?as_of=2025-03-31&client_id=${clientId}` });
    expectStatus(first, 200);
    expect(first.json().items[0]).toMatchObject({ days_1_30_cents: 30_000, balance_cents: 30_000 });
    expect(await marks('2025-03-31')).toBe(1);

    // A payment dated in March lowers the kept March figure; one dated today does not.
    const march = await pay({
      client_id: clientId,
      amount_cents: 10_000,
      payment_date: '2025-03-20',
      applications: [{ invoice_id: invoice.id, amount_cents: 10_000 }],
    });
    expectStatus(march, 201);
    const afterPayment = await expectExact({ as_of: '2025-03-31', client_id: clientId });
    expect(afterPayment.items[0]).toMatchObject({ days_1_30_cents: 20_000, balance_cents: 20_000 });

    // A credit memo is dated today: March stays as it was.
    expectStatus(
      await admin.request({
        method: 'POST',
        url: `/invoices/${invoice.id}/credit-memo`,
        payload: { amount_cents: 5000, reason: 'Goodwill' },
      }),
      201,
    );
    expect((await expectExact({ as_of: '2025-03-31', client_id: clientId })).items[0]).toMatchObject({
      balance_cents: 20_000,
    });

    // Unapplied credit dated in March, then applied later to the March invoice.
    const credit = await pay({ client_id: clientId, amount_cents: 4000, payment_date: '2025-03-25', applications: [] });
    expectStatus(credit, 201);
    expect((await expectExact({ as_of: '2025-03-31', client_id: clientId })).items[0]).toMatchObject({
      days_1_30_cents: 20_000,
      unapplied_cents: -4000,
      balance_cents: 16_000,
    });
    expectStatus(
      await admin.request({
        method: 'PUT',
        url: `/payments/${credit.json().id}/applications`,
        payload: { applications: [{ invoice_id: invoice.id, amount_cents: 4000 }], version: credit.json().version },
      }),
      200,
    );
    expect((await expectExact({ as_of: '2025-03-31', client_id: clientId })).items[0]).toMatchObject({
      days_1_30_cents: 16_000,
      unapplied_cents: 0,
    });

    // Voiding the March payment puts it back on every date, as if it never was.
    expectStatus(
      await admin.request({ method: 'POST', url: `/payments/${march.json().id}/void`, payload: { reason: 'Bounced' } }),
      200,
    );
    expect((await expectExact({ as_of: '2025-03-31', client_id: clientId })).items[0]).toMatchObject({
      days_1_30_cents: 26_000,
    });
    await expectExact({ as_of: '2025-03-31' });
  });

  it('keeps no month end that is not before the firm’s today', async () => {
    const today = (
      await ownerRows<{ today: string }>(
        testApp,
        sql`select to_char((now() at time zone o.time_zone)::date, 'YYYY-MM-DD') as today
          from organizations o where o.id = ${organizationId}`,
      )
    )[0]!.today;
    const monthEnd = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0))
      .toISOString()
      .slice(0, 10);
    expectStatus(await admin.request({ url: `/ledger/aging?as_of=${monthEnd}` }), 200);
    expect(await marks(monthEnd)).toBe(0);
  });

  it('a month end asked while backdated payments are recorded still agrees with the dated rows', async () => {
    const clientIds = await Promise.all([1, 2, 3].map(async () => (await createClient(admin)).id));
    for (const clientId of clientIds) {
      await issuedInvoice(admin, clientId, 50_000, { issue_date: '2025-05-02', due_date: '2025-06-01' });
    }
    const answers = await Promise.all([
      admin.request({ url: '/ledger/aging?as_of=2025-06-30' }),
      ...clientIds.flatMap((clientId, index) =>
        [0, 1].map((turn) =>
          pay({ client_id: clientId, amount_cents: 1000 + index * 100 + turn, payment_date: '2025-06-1' + turn }),
        ),
      ),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 201, 201, 201, 201, 201, 201]);
    const firm = await expectExact({ as_of: '2025-06-30' });
    for (const clientId of clientIds) {
      expect(firm.items.find((item) => item.client_id === clientId)).toBeDefined();
    }
  });
});
