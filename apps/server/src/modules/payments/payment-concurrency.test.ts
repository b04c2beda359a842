import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFigures, invoiceOf, issuedInvoice } from '../../../test/money-records';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createClient, ownerRows } from '../../../test/work-records';

/**
 * Races of payments (issue 13). On PostgreSQL the requests run at once on separate pooled
 * connections; on PGlite (one connection) they queue, and the same answers must come out.
 */
describe('payments under concurrency', () => {
  let testApp: TestApp;
  let admin: Session;
  let billing: Session;

  const pay = (session: Session, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    session.request({
      method: 'POST',
      url: '/payments',
      payload: { payment_date: '2026-10-01', method: 'ach', ...payload },
      headers,
    });

  async function expectInvariants(clientId: number) {
    const figures = await clientFigures(testApp, clientId);
    expect(figures.ledger).toBe(figures.fromDocuments);
    expect(figures.ledger).toBe(figures.openBalances - figures.unapplied);
    expect(figures.invoiceAppliedMismatches + figures.paymentAppliedMismatches + figures.overApplied).toBe(0);
  }

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'error' });
    admin = await signedIn(testApp.app, 'admin');
    billing = await signedIn(testApp.app, 'billing');
  });
  afterAll(() => testApp.close());

  it('20 parallel payments applied by hand to one invoice never over-apply it', async () => {
    const clientId = (await createClient(admin)).id;
    const invoice = await issuedInvoice(admin, clientId, 10_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        pay(index % 2 ? billing : admin, {
          client_id: clientId,
          amount_cents: 1000,
          applications: [{ invoice_id: invoice.id, amount_cents: 1000 }],
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(10).fill(422)]);
    expect(await invoiceOf(admin, invoice.id)).toMatchObject({
      status: 'paid',
      applied_cents: 10_000,
      balance_cents: 0,
    });
    await expectInvariants(clientId);
  });

  it('20 parallel payments applied oldest first fill the invoices exactly and keep the rest as credit', async () => {
    const clientId = (await createClient(admin)).id;
    const first = await issuedInvoice(admin, clientId, 7000, { due_date: '2026-09-01' });
    const second = await issuedInvoice(admin, clientId, 6000, { due_date: '2026-09-02' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        pay(index % 2 ? billing : admin, { client_id: clientId, amount_cents: 1000 + index }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    const applied = answers.reduce(
      (sum, answer) => sum + (answer.json() as { applied_cents: number }).applied_cents,
      0,
    );
    expect(applied).toBe(13_000);
    expect((await invoiceOf(admin, first.id)).status).toBe('paid');
    expect((await invoiceOf(admin, second.id)).status).toBe('paid');
    const figures = await clientFigures(testApp, clientId);
    expect(figures.unapplied).toBe(20 * 1000 + 190 - 13_000);
    await expectInvariants(clientId);
  });

  it('20 parallel repeats of one Idempotency-Key make one payment and give every caller its answer', async () => {
    const clientId = (await createClient(admin)).id;
    await issuedInvoice(admin, clientId, 5000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        pay(admin, { client_id: clientId, amount_cents: 3000 }, { 'idempotency-key': `race-${clientId}` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((answer) => (answer.json() as { id: number }).id));
    expect(ids.size).toBe(1);
    const stored = await ownerRows<{ n: number }>(
      testApp,
      sql`select count(*)::int as n from payments where client_id = ${clientId}`,
    );
    expect(stored[0]!.n).toBe(1);
    const credits = await ownerRows<{ n: number }>(
      testApp,
      sql`select count(*)::int as n from ar_ledger where client_id = ${clientId} and kind = 'payment'`,
    );
    expect(credits[0]!.n).toBe(1);
    await expectInvariants(clientId);
  });

  it('six parallel edits of the applications of one payment at one version: one wins, five are 409', async () => {
    const clientId = (await createClient(admin)).id;
    const invoices = await Promise.all(Array.from({ length: 6 }, () => issuedInvoice(admin, clientId, 1000)));
    const payment = (await pay(admin, { client_id: clientId, amount_cents: 1000, applications: [] })).json() as {
      id: number;
      version: number;
    };
    const answers = await Promise.all(
      invoices.map((invoice, index) =>
        (index % 2 ? billing : admin).request({
          method: 'PUT',
          url: `/payments/${payment.id}/applications`,
          payload: { applications: [{ invoice_id: invoice.id, amount_cents: 1000 }], version: payment.version },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = invoices[answers.findIndex((answer) => answer.statusCode === 200)]!;
    const stored = (await admin.request({ url: `/payments/${payment.id}` })).json();
    expect(stored).toMatchObject({
      version: payment.version + 1,
      applications: [{ invoice_id: winner.id, amount_cents: 1000 }],
    });
    for (const invoice of invoices) {
      expect((await invoiceOf(admin, invoice.id)).status).toBe(invoice.id === winner.id ? 'paid' : 'pending');
    }
    await expectInvariants(clientId);
  });

  it('a refund racing applications of the same credit never spends it twice', async () => {
    const clientId = (await createClient(admin)).id;
    const payment = (await pay(admin, { client_id: clientId, amount_cents: 5000 })).json() as {
      id: number;
      version: number;
    };
    const invoice = await issuedInvoice(admin, clientId, 5000);
    const answers = await Promise.all([
      admin.request({
        method: 'POST',
        url: `/clients/${clientId}/refunds`,
        payload: { refund_date: '2026-10-02', amount_cents: 5000, method: 'check' },
      }),
      billing.request({
        method: 'PUT',
        url: `/payments/${payment.id}/applications`,
        payload: { applications: [{ invoice_id: invoice.id, amount_cents: 5000 }], version: payment.version },
      }),
      admin.request({
        method: 'POST',
        url: `/clients/${clientId}/refunds`,
        payload: { refund_date: '2026-10-02', amount_cents: 5000, method: 'check' },
      }),
    ]);
    const succeeded = answers.filter((answer) => answer.statusCode === 200 || answer.statusCode === 201);
    expect(succeeded).toHaveLength(1);
    expect(answers.every((answer) => [200, 201, 409, 422].includes(answer.statusCode))).toBe(true);
    const figures = await clientFigures(testApp, clientId);
    expect(figures.unapplied).toBe(0);
    await expectInvariants(clientId);
  });

  it('an early refund racing a later one and a move of the funding payment never leaves a date without its credit', async () => {
    const clientId = (await createClient(admin)).id;
    const payment = (
      await pay(admin, { client_id: clientId, amount_cents: 5000, payment_date: '2026-10-05' })
    ).json() as {
      id: number;
      version: number;
    };
    const refund = (date: string) =>
      admin.request({
        method: 'POST',
        url: `/clients/${clientId}/refunds`,
        payload: { refund_date: date, amount_cents: 1000, method: 'check' },
      });
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => refund('2026-10-06')),
      billing.request({
        method: 'PUT',
        url: `/payments/${payment.id}`,
        payload: { payment_date: '2026-10-20', amount_cents: 5000, method: 'ach', version: payment.version },
      }),
      ...Array.from({ length: 5 }, () => refund('2026-10-25')),
    ]);
    expect(answers.every((answer) => [200, 201, 409, 422].includes(answer.statusCode))).toBe(true);
    // Whatever order they ran in, on every date the credit is zero or more.
    for (const asOf of ['2026-10-06', '2026-10-19', '2026-10-20', '2026-10-25', '2026-12-31']) {
      const aging = await admin.request({ url: `/ledger/aging?as_of=${asOf}&client_id=${clientId}` });
      const unapplied = (aging.json().items[0]?.unapplied_cents as number | undefined) ?? 0;
      expect({ asOf, positive: unapplied > 0 }).toEqual({ asOf, positive: false });
    }
    const refunded = await ownerRows<{ n: number }>(
      testApp,
      sql`select count(*)::int as n from refunds where client_id = ${clientId}`,
    );
    expect(refunded[0]!.n).toBeLessThanOrEqual(5);
    await expectInvariants(clientId);
  });

  it('20 parallel payments of 20 clients, each paying one invoice and part of another, all succeed', async () => {
    // Half the clients owe the earlier-due invoice on the later id: their payment turns the
    // invoices partial and paid in the opposite id order. Counter rows locked one invoice at a
    // time in id order could then wait in a circle (a deadlock, 500); one statement cannot.
    const clients = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const clientId = (await createClient(admin)).id;
        const dates = [
          { issue_date: '2026-08-01', due_date: '2026-08-31' },
          { issue_date: '2026-09-01', due_date: '2026-09-30' },
        ];
        if (index % 2) dates.reverse();
        for (const date of dates) await issuedInvoice(admin, clientId, 10_000, date);
        return clientId;
      }),
    );
    const answers = await Promise.all(
      clients.map((clientId, index) => pay(index % 2 ? billing : admin, { client_id: clientId, amount_cents: 15_000 })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    for (const clientId of clients) await expectInvariants(clientId);
  });
});
