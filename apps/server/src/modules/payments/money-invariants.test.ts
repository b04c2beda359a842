import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedBalancesQuery, type StoredBalances } from '../../../test/money-invariants';
import { clientFigures } from '../../../test/money-records';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createClient, expectStatus, ownerRows } from '../../../test/work-records';
import { readAging } from '../ledger/ledger-aging';

/**
 * PRODUCT.md's invariants after every step of a random sequence of issue, pay, apply,
 * unapply, edit, credit, write off, void and refund (fast-check), for every client and
 * several dates: ledger balance = issued non-void invoice totals - payments - credit memos -
 * write-offs + refunds = open invoice balances + unapplied credit = aging buckets + unapplied.
 */
const step = fc.oneof(
  fc.record({
    op: fc.constant('issue' as const),
    cents: fc.integer({ min: 1, max: 50_000 }),
    day: fc.integer({ min: 0, max: 200 }),
    terms: fc.integer({ min: 0, max: 60 }),
  }),
  fc.record({
    op: fc.constant('pay' as const),
    cents: fc.integer({ min: 1, max: 60_000 }),
    day: fc.integer({ min: 0, max: 300 }),
    pick: fc.option(fc.nat(), { nil: undefined }),
  }),
  fc.record({
    op: fc.constant('apply' as const),
    payment: fc.nat(),
    invoice: fc.nat(),
    cents: fc.integer({ min: 1, max: 30_000 }),
  }),
  fc.record({ op: fc.constant('unapply' as const), payment: fc.nat() }),
  fc.record({
    op: fc.constant('edit' as const),
    payment: fc.nat(),
    cents: fc.integer({ min: 1, max: 60_000 }),
    day: fc.integer({ min: 0, max: 300 }),
  }),
  fc.record({
    op: fc.constantFrom('credit-memo' as const, 'write-off' as const),
    invoice: fc.nat(),
    cents: fc.integer({ min: 1, max: 20_000 }),
  }),
  fc.record({ op: fc.constant('void-invoice' as const), invoice: fc.nat() }),
  fc.record({ op: fc.constant('void-payment' as const), payment: fc.nat() }),
  fc.record({
    op: fc.constant('refund' as const),
    cents: fc.integer({ min: 1, max: 20_000 }),
    day: fc.integer({ min: 0, max: 300 }),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const dateOf = (day: number) => new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);

describe('money invariants after random sequences (fast-check)', () => {
  let testApp: TestApp;
  let admin: Session;
  let adminOrganizationId: number;

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'error' });
    admin = await signedIn(testApp.app, 'admin');
    adminOrganizationId = (await admin.request({ url: '/user' })).json<{ organization_id: number }>().organization_id;
    expect(adminOrganizationId).toBeGreaterThan(0);
  });
  afterAll(() => testApp.close());

  async function run(clientId: number, invoiceIds: number[], paymentIds: number[], action: Step) {
    const pick = (list: number[], index: number) => list[index % list.length];
    switch (action.op) {
      case 'issue': {
        const issueDate = dateOf(action.day);
        const draft = await admin.request({
          method: 'POST',
          url: '/invoices',
          payload: {
            client_id: clientId,
            issue_date: issueDate,
            due_date: dateOf(action.day + action.terms),
            fixed_fees: [{ description: 'Fee', amount_cents: action.cents }],
          },
        });
        expectStatus(draft, 201);
        const issued = await admin.request({ method: 'POST', url: `/invoices/${draft.json().id}/issue` });
        expectStatus(issued, 200);
        invoiceIds.push(issued.json().id);
        return issued;
      }
      case 'pay': {
        const invoice = action.pick === undefined ? undefined : pick(invoiceIds, action.pick);
        const response = await admin.request({
          method: 'POST',
          url: '/payments',
          payload: {
            client_id: clientId,
            payment_date: dateOf(action.day),
            amount_cents: action.cents,
            method: 'ach',
            ...(invoice === undefined
              ? {}
              : { applications: [{ invoice_id: invoice, amount_cents: Math.min(action.cents, 1000) }] }),
          },
        });
        if (response.statusCode === 201) paymentIds.push(response.json().id);
        return response;
      }
      case 'apply': {
        const payment = pick(paymentIds, action.payment);
        const invoice = pick(invoiceIds, action.invoice);
        if (payment === undefined || invoice === undefined) return undefined;
        const { version } = (await admin.request({ url: `/payments/${payment}` })).json();
        return admin.request({
          method: 'PUT',
          url: `/payments/${payment}/applications`,
          payload: { applications: [{ invoice_id: invoice, amount_cents: action.cents }], version },
        });
      }
      case 'unapply': {
        const payment = pick(paymentIds, action.payment);
        if (payment === undefined) return undefined;
        const { version } = (await admin.request({ url: `/payments/${payment}` })).json();
        return admin.request({
          method: 'PUT',
          url: `/payments/${payment}/applications`,
          payload: { applications: [], version },
        });
      }
      case 'edit': {
        const payment = pick(paymentIds, action.payment);
        if (payment === undefined) return undefined;
        const current = (await admin.request({ url: `/payments/${payment}` })).json();
        return admin.request({
          method: 'PUT',
          url: `/payments/${payment}`,
          payload: {
            payment_date: dateOf(action.day),
            amount_cents: action.cents,
            method: current.method,
            applications: [],
            version: current.version,
          },
        });
      }
      case 'credit-memo':
      case 'write-off': {
        const invoice = pick(invoiceIds, action.invoice);
        if (invoice === undefined) return undefined;
        return admin.request({
          method: 'POST',
          url: `/invoices/${invoice}/${action.op}`,
          payload: { amount_cents: action.cents, reason: 'Test' },
        });
      }
      case 'void-invoice': {
        const invoice = pick(invoiceIds, action.invoice);
        if (invoice === undefined) return undefined;
        return admin.request({ method: 'POST', url: `/invoices/${invoice}/void`, payload: { reason: 'Test' } });
      }
      case 'void-payment': {
        const payment = pick(paymentIds, action.payment);
        if (payment === undefined) return undefined;
        return admin.request({ method: 'POST', url: `/payments/${payment}/void`, payload: { reason: 'Test' } });
      }
      case 'refund':
        return admin.request({
          method: 'POST',
          url: `/clients/${clientId}/refunds`,
          payload: { refund_date: dateOf(action.day), amount_cents: action.cents, method: 'check' },
        });
    }
  }

  async function checkInvariants(clientId: number, dates: string[]) {
    const figures = await clientFigures(testApp, clientId);
    expect(figures.ledger).toBe(figures.fromDocuments);
    expect(figures.ledger).toBe(figures.openBalances - figures.unapplied);
    expect(figures.unapplied).toBeGreaterThanOrEqual(0);
    expect(figures.invoiceAppliedMismatches + figures.paymentAppliedMismatches + figures.overApplied).toBe(0);
    for (const asOf of dates) {
      const [ledger] = await ownerRows<{ cents: string }>(
        testApp,
        sql`select coalesce(sum(debit_cents - credit_cents), 0)::text as cents from ar_ledger
            where client_id = ${clientId} and entry_date <= ${asOf}`,
      );
      const aging = await admin.request({ url: `/ledger/aging?as_of=${asOf}&client_id=${clientId}` });
      expectStatus(aging, 200);
      const item = aging.json().items[0] as Record<string, number> | undefined;
      const buckets = item
        ? item.current_cents! +
          item.days_1_30_cents! +
          item.days_31_60_cents! +
          item.days_61_90_cents! +
          item.days_over_90_cents! +
          item.unapplied_cents!
        : 0;
      expect({ asOf, balance: item?.balance_cents ?? 0 }).toEqual({ asOf, balance: Number(ledger!.cents) });
      expect(buckets).toBe(item?.balance_cents ?? 0);
      // Credit is zero or negative on every date: no refund dated before its funding payment.
      expect({ asOf, unapplied: Math.min(item?.unapplied_cents ?? 0, 0) }).toEqual({
        asOf,
        unapplied: item?.unapplied_cents ?? 0,
      });
    }
    await checkStoredBalances(clientId);
  }

  /**
   * The trigger-kept balances of migration 0034 (ADR 0140) equal what they cache, and the aging
   * read from them (nothing dated later than as_of) equals the aging from the dated rows.
   */
  async function checkStoredBalances(clientId: number) {
    const [stored] = await ownerRows<StoredBalances>(testApp, storedBalancesQuery(clientId));
    expect(stored!.open).toBe(stored!.open_computed);
    expect(stored!.zero_rows).toBe('0');
    expect(stored!.miscounted).toBe('0');
    expect(stored!.by_due).toBe(stored!.by_due_computed);
    expect(Number(stored!.credit)).toBe((await clientFigures(testApp, clientId)).unapplied);
    const actor = { id: 0, organizationId: adminOrganizationId, username: 'test', csrf: '', fullRole: {} as never };
    const query = { page: 1, page_size: 25, client_id: clientId, as_of: '2999-12-31' };
    const fromStored = await readAging(testApp.context.database, actor, query);
    const fromDated = await readAging(testApp.context.database, actor, query, { exact: true });
    expect(fromStored).toEqual(fromDated);
    // The whole firm (firm_aging), a page and the totals of every client.
    const firm = { page: 1, page_size: 100, as_of: '2999-12-31' };
    const firmStored = await readAging(testApp.context.database, actor, firm);
    expect(firmStored).toEqual(await readAging(testApp.context.database, actor, firm, { exact: true }));
    expect(firmStored.total).toBeGreaterThanOrEqual(fromDated.total);
    // The kept past month ends (migration 0049), recomputed by its triggers after each step.
    for (const monthEnd of ['2026-06-30', '2026-10-31']) {
      const kept = { ...query, as_of: monthEnd };
      expect(await readAging(testApp.context.database, actor, kept)).toEqual(
        await readAging(testApp.context.database, actor, kept, { exact: true }),
      );
      const keptFirm = { ...firm, as_of: monthEnd };
      expect(await readAging(testApp.context.database, actor, keptFirm)).toEqual(
        await readAging(testApp.context.database, actor, keptFirm, { exact: true }),
      );
    }
  }

  it('holds every invariant after each step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const clientId = (await createClient(admin)).id;
        const invoiceIds: number[] = [];
        const paymentIds: number[] = [];
        for (const action of steps) {
          const response = await run(clientId, invoiceIds, paymentIds, action);
          if (response) expect([200, 201, 409, 422], response.body).toContain(response.statusCode);
          await checkInvariants(clientId, ['2026-02-15', '2026-06-30', '2026-10-31', '2999-12-31']);
        }
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});
