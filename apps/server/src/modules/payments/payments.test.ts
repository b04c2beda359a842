import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATIONS_ABOVE_PAYMENT,
  CREDIT_ALREADY_REFUNDED,
  IDEMPOTENCY_KEY_REUSED,
  INVOICE_LISTED_TWICE,
  PAYMENT_IS_VOID,
  UNAPPLY_PAYMENTS_FIRST,
  type PaymentView,
} from '@practice/shared';
import { clientFigures, invoiceOf, issuedInvoice, ledgerRowsOf } from '../../../test/money-records';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createClient, expectStatus, ownerRows } from '../../../test/work-records';
import { BAD_IDEMPOTENCY_KEY } from './idempotency';

describe('payments and refunds (API.md "Payments, ledger, billing")', () => {
  let testApp: TestApp;
  let admin: Session;
  let billing: Session;
  let readonly: Session;
  let staff: Session;
  let foreign: Session;
  let foreignClientId: number;
  let foreignInvoiceId: number;
  let foreignPaymentId: number;

  async function pay(session: Session, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
    return session.request({
      method: 'POST',
      url: '/payments',
      payload: { payment_date: '2026-10-01', method: 'check', ...payload },
      headers,
    });
  }

  async function paid(payload: Record<string, unknown>): Promise<PaymentView> {
    const response = await pay(admin, payload);
    expectStatus(response, 201);
    return response.json();
  }

  async function expectInvariants(clientId: number) {
    const figures = await clientFigures(testApp, clientId);
    expect(figures.ledger).toBe(figures.fromDocuments);
    expect(figures.ledger).toBe(figures.openBalances - figures.unapplied);
    expect(figures.unapplied).toBeGreaterThanOrEqual(0);
    expect(figures.invoiceAppliedMismatches).toBe(0);
    expect(figures.paymentAppliedMismatches).toBe(0);
    expect(figures.overApplied).toBe(0);
  }

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'error' });
    admin = await signedIn(testApp.app, 'admin');
    billing = await signedIn(testApp.app, 'billing');
    readonly = await signedIn(testApp.app, 'readonly');
    staff = await signedIn(testApp.app, 'staff');
    foreign = await signedIn(testApp.app, 'nwadmin');
    foreignClientId = (await createClient(foreign)).id;
    foreignInvoiceId = (await issuedInvoice(foreign, foreignClientId, 5000)).id;
    const foreignPayment = await pay(foreign, { client_id: foreignClientId, amount_cents: 1000 });
    expectStatus(foreignPayment, 201);
    foreignPaymentId = foreignPayment.json().id;
  });
  afterAll(() => testApp.close());

  describe('POST /payments', () => {
    it('applies oldest open invoice first (due date, then number), sets statuses and credits the ledger', async () => {
      const clientId = (await createClient(admin)).id;
      const late = await issuedInvoice(admin, clientId, 30_000, { issue_date: '2026-08-01', due_date: '2026-08-31' });
      const sameDueFirst = await issuedInvoice(admin, clientId, 20_000, { due_date: '2026-09-15' });
      const sameDueSecond = await issuedInvoice(admin, clientId, 10_000, { due_date: '2026-09-15' });
      const response = await pay(billing, {
        client_id: clientId,
        amount_cents: 40_000,
        reference: ' 1042 ',
        memo: 'September',
      });
      expectStatus(response, 201);
      const payment: PaymentView = response.json();
      expect(payment).toMatchObject({
        client_id: clientId,
        payment_date: '2026-10-01',
        amount_cents: 40_000,
        method: 'check',
        reference: '1042',
        memo: 'September',
        status: 'active',
        applied_cents: 40_000,
        unapplied_cents: 0,
        version: 1,
      });
      expect(payment.applications).toEqual([
        { invoice_id: late.id, invoice_number: late.number, amount_cents: 30_000 },
        { invoice_id: sameDueFirst.id, invoice_number: sameDueFirst.number, amount_cents: 10_000 },
      ]);
      expect((await invoiceOf(admin, late.id)).status).toBe('paid');
      expect(await invoiceOf(admin, sameDueFirst.id)).toMatchObject({ status: 'partial', balance_cents: 10_000 });
      expect((await invoiceOf(admin, sameDueSecond.id)).status).toBe('pending');
      const ledger = await ledgerRowsOf(testApp, clientId);
      expect(ledger.at(-1)).toMatchObject({ kind: 'payment', credit_cents: 40_000, entry_date: '2026-10-01' });
      await expectInvariants(clientId);
    });

    it('keeps what is left as unapplied credit, and takes given applications as they are', async () => {
      const clientId = (await createClient(admin)).id;
      const first = await issuedInvoice(admin, clientId, 10_000);
      const second = await issuedInvoice(admin, clientId, 10_000);
      const over = await paid({ client_id: clientId, amount_cents: 25_000 });
      expect(over).toMatchObject({ applied_cents: 20_000, unapplied_cents: 5000 });
      const third = await issuedInvoice(admin, clientId, 8000);
      const chosen = await paid({
        client_id: clientId,
        amount_cents: 9000,
        applications: [{ invoice_id: third.id, amount_cents: 3000 }],
      });
      expect(chosen).toMatchObject({ applied_cents: 3000, unapplied_cents: 6000 });
      expect(chosen.applications).toEqual([{ invoice_id: third.id, invoice_number: third.number, amount_cents: 3000 }]);
      const none = await paid({ client_id: clientId, amount_cents: 100, applications: [] });
      expect(none).toMatchObject({ applied_cents: 0, unapplied_cents: 100, applications: [] });
      expect([first.id, second.id].length).toBe(2);
      await expectInvariants(clientId);
    });

    it('refuses applications above the payment or an invoice balance (422) and writes nothing', async () => {
      const clientId = (await createClient(admin)).id;
      const invoice = await issuedInvoice(admin, clientId, 10_000);
      const above = await pay(admin, {
        client_id: clientId,
        amount_cents: 5000,
        applications: [{ invoice_id: invoice.id, amount_cents: 6000 }],
      });
      expectStatus(above, 422);
      expect(above.json().error).toBe(`${APPLICATIONS_ABOVE_PAYMENT} of $50.00`);
      const overBalance = await pay(admin, {
        client_id: clientId,
        amount_cents: 20_000,
        applications: [{ invoice_id: invoice.id, amount_cents: 10_001 }],
      });
      expectStatus(overBalance, 422);
      expect(overBalance.json().error).toBe(
        `The amount applied to ${invoice.number} is more than its balance of $100.00`,
      );
      const otherClient = (await createClient(admin)).id;
      const notTheirs = await pay(admin, {
        client_id: otherClient,
        amount_cents: 100,
        applications: [{ invoice_id: invoice.id, amount_cents: 100 }],
      });
      expectStatus(notTheirs, 422);
      expect(notTheirs.json().error).toBe(`Invoice ${invoice.number} is not this client's`);
      const draft = await admin.request({
        method: 'POST',
        url: '/invoices',
        payload: { client_id: clientId, fixed_fees: [{ description: 'Fee', amount_cents: 500 }] },
      });
      const onDraft = await pay(admin, {
        client_id: clientId,
        amount_cents: 100,
        applications: [{ invoice_id: draft.json().id, amount_cents: 100 }],
      });
      expectStatus(onDraft, 422);
      const twice = await pay(admin, {
        client_id: clientId,
        amount_cents: 200,
        applications: [
          { invoice_id: invoice.id, amount_cents: 100 },
          { invoice_id: invoice.id, amount_cents: 100 },
        ],
      });
      expectStatus(twice, 400);
      expect(twice.body).toContain(INVOICE_LISTED_TWICE);
      const stored = await ownerRows(
        testApp,
        sql`select id from payments where client_id in (${clientId}, ${otherClient})`,
      );
      expect(stored).toEqual([]);
      expect(await ledgerRowsOf(testApp, otherClient)).toEqual([]);
      expect((await invoiceOf(admin, invoice.id)).applied_cents).toBe(0);
    });

    it.each([
      ['client_id', { client_id: undefined }, 'Client is required'],
      ['client_id', { client_id: 'x' }, 'Client must be chosen from the list'],
      ['payment_date', { payment_date: '2026-02-30' }, 'Payment date must be a date (YYYY-MM-DD)'],
      ['payment_date', { payment_date: '0999-01-01' }, 'Payment date must be between 1900-01-01 and 2999-12-31'],
      ['amount_cents', { amount_cents: 0 }, 'Amount must be more than 0'],
      ['amount_cents', { amount_cents: 10.5 }, 'Amount must be whole cents'],
      ['amount_cents', { amount_cents: undefined }, 'Amount is required'],
      ['amount_cents', { amount_cents: 1_000_000_001 }, 'Amount must be at most $10,000,000'],
      ['method', { method: 'bitcoin' }, 'Method must be check, ach, card, wire or cash'],
      ['reference', { reference: 'r'.repeat(101) }, 'Reference must be at most 100 characters'],
      ['memo', { memo: 'm'.repeat(501) }, 'Memo must be at most 500 characters'],
      ['applications', { applications: 'all' }, 'Applications must be a list'],
      ['applications', { applications: [{ invoice_id: 1, amount_cents: -1 }] }, 'Applied amount must be more than 0'],
    ])('refuses a bad %s with 400: %j', async (_field, fields, message) => {
      const clientId = (await createClient(admin)).id;
      const response = await pay(admin, { client_id: clientId, amount_cents: 100, ...fields });
      expectStatus(response, 400);
      expect(response.body).toContain(message);
      expect(await ownerRows(testApp, sql`select id from payments where client_id = ${clientId}`)).toEqual([]);
    });

    it("answers 404 for another firm's client or invoice and 403 without can_edit_payments", async () => {
      const clientId = (await createClient(admin)).id;
      expectStatus(await pay(admin, { client_id: foreignClientId, amount_cents: 100 }), 404);
      const foreignInvoice = await pay(admin, {
        client_id: clientId,
        amount_cents: 100,
        applications: [{ invoice_id: foreignInvoiceId, amount_cents: 100 }],
      });
      expectStatus(foreignInvoice, 404);
      // Only the foreign firm's own payment of $10 (beforeAll) is applied to it.
      expect((await invoiceOf(foreign, foreignInvoiceId)).applied_cents).toBe(1000);
      const refused = await pay(readonly, { client_id: clientId, amount_cents: 100 });
      expectStatus(refused, 403);
      expect(refused.json()).toEqual({ error: 'Permission required: can_edit_payments' });
    });

    it('honours Idempotency-Key: the same key and body answer the first payment again, another body is 409', async () => {
      const clientId = (await createClient(admin)).id;
      await issuedInvoice(admin, clientId, 10_000);
      const body = { client_id: clientId, amount_cents: 4000, reference: 'K-1' };
      const first = await pay(admin, body, { 'idempotency-key': 'pay-once-1' });
      expectStatus(first, 201);
      const again = await pay(
        admin,
        { reference: 'K-1', amount_cents: 4000, client_id: clientId },
        {
          'idempotency-key': 'pay-once-1',
        },
      );
      expectStatus(again, 201);
      expect(again.json()).toEqual(first.json());
      const other = await pay(admin, { ...body, amount_cents: 4001 }, { 'idempotency-key': 'pay-once-1' });
      expectStatus(other, 409);
      expect(other.json().error).toBe(IDEMPOTENCY_KEY_REUSED);
      const rows = await ownerRows(testApp, sql`select id from payments where client_id = ${clientId}`);
      expect(rows).toHaveLength(1);
      expect((await ledgerRowsOf(testApp, clientId)).filter((row) => row.kind === 'payment')).toHaveLength(1);
      // Another firm's identical key is its own.
      const theirs = await pay(
        foreign,
        { client_id: foreignClientId, amount_cents: 1 },
        { 'idempotency-key': 'pay-once-1' },
      );
      expectStatus(theirs, 201);
      expectStatus(
        await foreign.request({
          method: 'POST',
          url: `/payments/${theirs.json().id}/void`,
          payload: { reason: 'Test' },
        }),
        200,
      );
      const bad = await pay(admin, body, { 'idempotency-key': 'x'.repeat(256) });
      expectStatus(bad, 400);
      expect(bad.json().error).toBe(BAD_IDEMPOTENCY_KEY);
      await expectInvariants(clientId);
    });
  });

  describe('GET /payments and /payments/{id}', () => {
    it('lists by client and dates with totals, reads one, and hides other firms', async () => {
      const clientId = (await createClient(admin)).id;
      const early = await paid({ client_id: clientId, amount_cents: 1000, payment_date: '2026-03-01' });
      const late = await paid({ client_id: clientId, amount_cents: 2000, payment_date: '2026-04-01' });
      const all = await readonly.request({ url: `/payments?client_id=${clientId}` });
      expectStatus(all, 200);
      expect(all.json()).toMatchObject({
        total: 2,
        page: 1,
        totals: { amount_cents: 3000, applied_cents: 0, unapplied_cents: 3000 },
      });
      expect(all.json().items.map((item: PaymentView) => item.id)).toEqual([late.id, early.id]);
      const april = await admin.request({ url: `/payments?client_id=${clientId}&from=2026-03-15&to=2026-04-30` });
      expect(april.json().items.map((item: PaymentView) => item.id)).toEqual([late.id]);
      expectStatus(await admin.request({ url: '/payments?from=2026-13-01' }), 400);
      expectStatus(await admin.request({ url: '/payments?client_id=0' }), 400);
      const one = await readonly.request({ url: `/payments/${early.id}` });
      expectStatus(one, 200);
      expect(one.json()).toEqual(early);
      expectStatus(await admin.request({ url: `/payments/${foreignPaymentId}` }), 404);
      const mine = await admin.request({ url: '/payments?page_size=100' });
      expect(mine.json().items.some((item: PaymentView) => item.id === foreignPaymentId)).toBe(false);
      expectStatus(await staff.request({ url: '/payments' }), 403);
      expectStatus(await staff.request({ url: `/payments/${early.id}` }), 403);
    });
  });

  describe('PUT /payments/{id}', () => {
    it('changes the amount and date with a reversing and a new ledger row, never an edited one', async () => {
      const clientId = (await createClient(admin)).id;
      const invoice = await issuedInvoice(admin, clientId, 10_000);
      const payment = await paid({ client_id: clientId, amount_cents: 6000 });
      const before = await ledgerRowsOf(testApp, clientId);
      const response = await billing.request({
        method: 'PUT',
        url: `/payments/${payment.id}`,
        payload: {
          payment_date: '2026-10-03',
          amount_cents: 10_000,
          method: 'wire',
          reference: 'W-9',
          memo: 'Corrected',
          applications: [{ invoice_id: invoice.id, amount_cents: 10_000 }],
          version: payment.version,
        },
      });
      expectStatus(response, 200);
      expect(response.json()).toMatchObject({
        amount_cents: 10_000,
        applied_cents: 10_000,
        method: 'wire',
        version: 2,
      });
      const after = await ledgerRowsOf(testApp, clientId);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.slice(before.length)).toEqual([
        expect.objectContaining({ kind: 'payment_void', debit_cents: 6000, entry_date: '2026-10-01' }),
        expect.objectContaining({ kind: 'payment', credit_cents: 10_000, entry_date: '2026-10-03' }),
      ]);
      expect((await invoiceOf(admin, invoice.id)).status).toBe('paid');
      const memoOnly = await admin.request({
        method: 'PUT',
        url: `/payments/${payment.id}`,
        payload: {
          payment_date: '2026-10-03',
          amount_cents: 10_000,
          method: 'wire',
          memo: 'Only the memo',
          version: 2,
        },
      });
      expectStatus(memoOnly, 200);
      expect(memoOnly.json().applications).toHaveLength(1);
      expect(await ledgerRowsOf(testApp, clientId)).toHaveLength(after.length);
      await expectInvariants(clientId);
    });

    it('refuses a stale version (409), an amount below what it applies (422), a void payment (409), other firms (404), no permission (403)', async () => {
      const clientId = (await createClient(admin)).id;
      await issuedInvoice(admin, clientId, 10_000);
      const payment = await paid({ client_id: clientId, amount_cents: 5000 });
      const fields = { payment_date: '2026-10-01', method: 'check' };
      const stale = await admin.request({
        method: 'PUT',
        url: `/payments/${payment.id}`,
        payload: { ...fields, amount_cents: 5000, version: 7 },
      });
      expectStatus(stale, 409);
      expect(stale.json().error).toBe('This payment was changed by someone else. Reload it and try again.');
      const below = await admin.request({
        method: 'PUT',
        url: `/payments/${payment.id}`,
        payload: { ...fields, amount_cents: 4000, version: 1 },
      });
      expectStatus(below, 422);
      const bad = await admin.request({
        method: 'PUT',
        url: `/payments/${payment.id}`,
        payload: { ...fields, amount_cents: 5000 },
      });
      expectStatus(bad, 400);
      expect(bad.body).toContain('Version is required');
      expectStatus(
        await readonly.request({
          method: 'PUT',
          url: `/payments/${payment.id}`,
          payload: { ...fields, amount_cents: 5000, version: 1 },
        }),
        403,
      );
      expectStatus(
        await admin.request({
          method: 'PUT',
          url: `/payments/${foreignPaymentId}`,
          payload: { ...fields, amount_cents: 5000, version: 1 },
        }),
        404,
      );
      expectStatus(
        await admin.request({ method: 'POST', url: `/payments/${payment.id}/void`, payload: { reason: 'Bounced' } }),
        200,
      );
      const onVoid = await admin.request({
        method: 'PUT',
        url: `/payments/${payment.id}`,
        payload: { ...fields, amount_cents: 5000, version: 2 },
      });
      expectStatus(onVoid, 409);
      expect(onVoid.json().error).toBe(PAYMENT_IS_VOID);
      await expectInvariants(clientId);
    });
  });

  describe('PUT /payments/{id}/applications', () => {
    it('unapplies (so the invoice can be voided), and applies the credit later to another invoice', async () => {
      const clientId = (await createClient(admin)).id;
      const invoice = await issuedInvoice(admin, clientId, 10_000);
      const payment = await paid({ client_id: clientId, amount_cents: 10_000 });
      const blocked = await admin.request({
        method: 'POST',
        url: `/invoices/${invoice.id}/void`,
        payload: { reason: 'Wrong' },
      });
      expectStatus(blocked, 409);
      expect(blocked.json().error).toBe(UNAPPLY_PAYMENTS_FIRST);
      const ledgerBefore = await ledgerRowsOf(testApp, clientId);
      const unapplied = await billing.request({
        method: 'PUT',
        url: `/payments/${payment.id}/applications`,
        payload: { applications: [], version: payment.version },
      });
      expectStatus(unapplied, 200);
      expect(unapplied.json()).toMatchObject({
        applied_cents: 0,
        unapplied_cents: 10_000,
        applications: [],
        version: 2,
      });
      expect(await ledgerRowsOf(testApp, clientId)).toEqual(ledgerBefore);
      expect((await invoiceOf(admin, invoice.id)).status).toBe('pending');
      // The same edit sent again with the version it was read at is stale: 409, nothing changes.
      const stale = await billing.request({
        method: 'PUT',
        url: `/payments/${payment.id}/applications`,
        payload: { applications: [{ invoice_id: invoice.id, amount_cents: 10_000 }], version: payment.version },
      });
      expectStatus(stale, 409);
      expect(stale.json().error).toMatch(/changed/i);
      expect((await admin.request({ url: `/payments/${payment.id}` })).json()).toMatchObject({
        version: 2,
        applied_cents: 0,
      });
      expectStatus(
        await admin.request({ method: 'POST', url: `/invoices/${invoice.id}/void`, payload: { reason: 'Wrong' } }),
        200,
      );
      await expectInvariants(clientId);
      const next = await issuedInvoice(admin, clientId, 7000);
      const later = await admin.request({
        method: 'PUT',
        url: `/payments/${payment.id}/applications`,
        payload: { applications: [{ invoice_id: next.id, amount_cents: 7000 }], version: 2 },
      });
      expectStatus(later, 200);
      expect(later.json()).toMatchObject({ applied_cents: 7000, unapplied_cents: 3000 });
      expect((await invoiceOf(admin, next.id)).status).toBe('paid');
      const onVoidInvoice = await admin.request({
        method: 'PUT',
        url: `/payments/${payment.id}/applications`,
        payload: { applications: [{ invoice_id: invoice.id, amount_cents: 1 }], version: 3 },
      });
      expectStatus(onVoidInvoice, 422);
      expect(onVoidInvoice.json().error).toBe(`Invoice ${invoice.number} is not open`);
      const moved = await admin.request({
        method: 'PUT',
        url: `/payments/${payment.id}/applications`,
        payload: { applications: [{ invoice_id: next.id, amount_cents: 7001 }], version: 3 },
      });
      expectStatus(moved, 422);
      expectStatus(
        await admin.request({
          method: 'PUT',
          url: `/payments/${foreignPaymentId}/applications`,
          payload: { applications: [], version: 1 },
        }),
        404,
      );
      expectStatus(
        await readonly.request({
          method: 'PUT',
          url: `/payments/${payment.id}/applications`,
          payload: { applications: [], version: 3 },
        }),
        403,
      );
      await expectInvariants(clientId);
    });
  });

  describe('POST /payments/{id}/void', () => {
    it('reverses the applications and the ledger credit, once', async () => {
      const clientId = (await createClient(admin)).id;
      const invoice = await issuedInvoice(admin, clientId, 10_000);
      const payment = await paid({ client_id: clientId, amount_cents: 4000 });
      expect((await invoiceOf(admin, invoice.id)).status).toBe('partial');
      expectStatus(await admin.request({ method: 'POST', url: `/payments/${payment.id}/void`, payload: {} }), 400);
      const voided = await billing.request({
        method: 'POST',
        url: `/payments/${payment.id}/void`,
        payload: { reason: 'Bounced' },
      });
      expectStatus(voided, 200);
      expect(voided.json()).toMatchObject({
        status: 'void',
        void_reason: 'Bounced',
        applied_cents: 0,
        unapplied_cents: 0,
        applications: [],
      });
      expect(await invoiceOf(admin, invoice.id)).toMatchObject({ status: 'pending', balance_cents: 10_000 });
      expect((await ledgerRowsOf(testApp, clientId)).at(-1)).toMatchObject({
        kind: 'payment_void',
        debit_cents: 4000,
        memo: 'Bounced',
      });
      const again = await admin.request({
        method: 'POST',
        url: `/payments/${payment.id}/void`,
        payload: { reason: 'x' },
      });
      expectStatus(again, 409);
      expectStatus(
        await admin.request({ method: 'POST', url: `/payments/${foreignPaymentId}/void`, payload: { reason: 'x' } }),
        404,
      );
      expectStatus(
        await readonly.request({ method: 'POST', url: `/payments/${payment.id}/void`, payload: { reason: 'x' } }),
        403,
      );
      await expectInvariants(clientId);
    });
  });

  describe('POST /clients/{id}/refunds', () => {
    it('returns unapplied credit as a ledger debit, never more than the credit, and keeps refunded credit spent', async () => {
      const clientId = (await createClient(admin)).id;
      const payment = await paid({ client_id: clientId, amount_cents: 5000 });
      const refund = (payload: Record<string, unknown>, session = billing, client = clientId) =>
        session.request({
          method: 'POST',
          url: `/clients/${client}/refunds`,
          payload: { refund_date: '2026-10-10', method: 'check', ...payload },
        });
      const tooMuch = await refund({ amount_cents: 5001 });
      expectStatus(tooMuch, 422);
      expect(tooMuch.json().error).toBe('The refund is more than the unapplied credit of $50.00');
      expectStatus(await refund({ amount_cents: 0 }), 400);
      expectStatus(await refund({ amount_cents: 100, refund_date: 'soon' }), 400);
      expectStatus(await refund({ amount_cents: 100, method: 'gold' }), 400);
      expectStatus(await refund({ amount_cents: 100 }, readonly), 403);
      expectStatus(await refund({ amount_cents: 100 }, admin, foreignClientId), 404);
      const done = await refund({ amount_cents: 3000, reference: 'CHK 7' });
      expectStatus(done, 201);
      expect(done.json()).toMatchObject({ client_id: clientId, amount_cents: 3000, client_unapplied_cents: 2000 });
      expect((await ledgerRowsOf(testApp, clientId)).at(-1)).toMatchObject({ kind: 'refund', debit_cents: 3000 });
      await expectInvariants(clientId);
      // The refunded $30 cannot be applied again, nor the payment voided from under it.
      const invoice = await issuedInvoice(admin, clientId, 5000);
      const spend = await admin.request({
        method: 'PUT',
        url: `/payments/${payment.id}/applications`,
        payload: { applications: [{ invoice_id: invoice.id, amount_cents: 5000 }], version: payment.version },
      });
      expectStatus(spend, 409);
      expect(spend.json().error).toBe(CREDIT_ALREADY_REFUNDED);
      const voided = await admin.request({
        method: 'POST',
        url: `/payments/${payment.id}/void`,
        payload: { reason: 'x' },
      });
      expectStatus(voided, 409);
      const fits = await admin.request({
        method: 'PUT',
        url: `/payments/${payment.id}/applications`,
        payload: { applications: [{ invoice_id: invoice.id, amount_cents: 2000 }], version: payment.version },
      });
      expectStatus(fits, 200);
      await expectInvariants(clientId);
    });
  });

  describe('refunds and the dates of the credit they return (docs/decisions/0132)', () => {
    const refund = (clientId: number, refundDate: string, amountCents: number) =>
      billing.request({
        method: 'POST',
        url: `/clients/${clientId}/refunds`,
        payload: { refund_date: refundDate, amount_cents: amountCents, method: 'check' },
      });

    it('refuses (422) a refund dated before the payment that funded the credit, and writes nothing', async () => {
      const clientId = (await createClient(admin)).id;
      await paid({ client_id: clientId, amount_cents: 5000, payment_date: '2026-10-01' });
      const early = await refund(clientId, '2026-09-30', 1000);
      expectStatus(early, 422);
      expect(early.json().error).toBe(
        "On 2026-09-30 the client's unapplied credit was $0.00: date the refund on or after the payment it returns",
      );
      expect(early.json().details).toMatchObject({ refund_date: early.json().error });
      expect(await ownerRows(testApp, sql`select id from refunds where client_id = ${clientId}`)).toEqual([]);
      expect((await ledgerRowsOf(testApp, clientId)).map((row) => row.kind)).toEqual(['payment']);
      // A second payment later does not fund an earlier refund either; the first one does.
      await paid({ client_id: clientId, amount_cents: 2000, payment_date: '2026-11-01' });
      const between = await refund(clientId, '2026-10-15', 6000);
      expectStatus(between, 422);
      expect(between.json().error).toContain("On 2026-10-15 the client's unapplied credit was $50.00");
      expectStatus(await refund(clientId, '2026-10-01', 5000), 201);
      expectStatus(await refund(clientId, '2026-11-01', 2000), 201);
      await expectInvariants(clientId);
    });

    it('refuses (409) moving a payment after the refund it funded, or applying it to a later invoice', async () => {
      const clientId = (await createClient(admin)).id;
      const payment = await paid({ client_id: clientId, amount_cents: 5000, payment_date: '2026-10-01' });
      expectStatus(await refund(clientId, '2026-10-10', 5000), 201);
      const moved = await admin.request({
        method: 'PUT',
        url: `/payments/${payment.id}`,
        payload: { payment_date: '2026-10-20', amount_cents: 5000, method: 'check', version: payment.version },
      });
      expectStatus(moved, 409);
      expect(moved.json().error).toBe(CREDIT_ALREADY_REFUNDED);
      // Another payment keeps today's credit at zero or more, yet on 2026-10-10 there was none.
      const later = await paid({ client_id: clientId, amount_cents: 5000, payment_date: '2026-11-01' });
      const stillMoved = await admin.request({
        method: 'PUT',
        url: `/payments/${payment.id}`,
        payload: { payment_date: '2026-10-20', amount_cents: 5000, method: 'check', version: payment.version },
      });
      expectStatus(stillMoved, 409);
      // The refunded payment's credit cannot pay an invoice issued after the refund; the
      // later payment's can.
      const invoice = await issuedInvoice(admin, clientId, 5000, { issue_date: '2026-10-20', due_date: '2026-11-19' });
      const apply = ({ id: paymentId, version }: PaymentView) =>
        admin.request({
          method: 'PUT',
          url: `/payments/${paymentId}/applications`,
          payload: { applications: [{ invoice_id: invoice.id, amount_cents: 5000 }], version },
        });
      const spent = await apply(payment);
      expectStatus(spent, 409);
      expect(spent.json().error).toBe(CREDIT_ALREADY_REFUNDED);
      expectStatus(await apply(later), 200);
      expect((await invoiceOf(admin, invoice.id)).status).toBe('paid');
      await expectInvariants(clientId);
    });
  });

  describe('GET /clients/{id}/refunds', () => {
    it("lists the client's refunds newest first with its unapplied credit; 403 without can_view_payments; 404 for another firm", async () => {
      const clientId = (await createClient(admin)).id;
      await paid({ client_id: clientId, amount_cents: 9000, payment_date: '2026-10-01' });
      for (const [date, cents] of [
        ['2026-10-05', 1000],
        ['2026-10-20', 2500],
      ] as const) {
        const done = await billing.request({
          method: 'POST',
          url: `/clients/${clientId}/refunds`,
          payload: { refund_date: date, amount_cents: cents, method: 'wire', reference: `R ${date}` },
        });
        expectStatus(done, 201);
      }
      const listed = await readonly.request({ url: `/clients/${clientId}/refunds` });
      expectStatus(listed, 200);
      expect(listed.json()).toMatchObject({
        unapplied_cents: 5500,
        items: [
          {
            client_id: clientId,
            refund_date: '2026-10-20',
            amount_cents: 2500,
            method: 'wire',
            reference: 'R 2026-10-20',
          },
          { refund_date: '2026-10-05', amount_cents: 1000, memo: '' },
        ],
      });
      expectStatus(await staff.request({ url: `/clients/${clientId}/refunds` }), 403);
      expectStatus(await admin.request({ url: `/clients/${foreignClientId}/refunds` }), 404);
      expectStatus(await admin.request({ url: '/clients/abc/refunds' }), 404);
      expect((await foreign.request({ url: `/clients/${foreignClientId}/refunds` })).json()).toEqual({
        items: [],
        unapplied_cents: 0,
      });
    });
  });

  it.each([
    ['refund_date', { refund_date: undefined }, 'Refund date is required'],
    ['refund_date', { refund_date: '2026-1-1' }, 'Refund date must be a date (YYYY-MM-DD)'],
    ['amount_cents', { amount_cents: '100' }, 'Amount must be whole cents'],
    ['amount_cents', { amount_cents: -5 }, 'Amount must be more than 0'],
    ['method', { method: undefined }, 'Method is required'],
    ['reference', { reference: 'r'.repeat(101) }, 'Reference must be at most 100 characters'],
    ['memo', { memo: 7 }, 'Memo must be text'],
  ])('POST /clients/{id}/refunds refuses a bad %s with 400: %j', async (_field, fields, message) => {
    const clientId = (await createClient(admin)).id;
    await paid({ client_id: clientId, amount_cents: 1000 });
    const response = await admin.request({
      method: 'POST',
      url: `/clients/${clientId}/refunds`,
      payload: { refund_date: '2026-10-10', amount_cents: 100, method: 'check', ...fields },
    });
    expectStatus(response, 400);
    expect(response.body).toContain(message);
    expect(await ownerRows(testApp, sql`select id from refunds where client_id = ${clientId}`)).toEqual([]);
  });

  it.each([
    [{}, 'Applications must be a list'],
    [{ applications: [{ invoice_id: 0, amount_cents: 1 }] }, 'Invoice must be chosen from the list'],
    [{ applications: [{ amount_cents: 1 }] }, 'Invoice is required'],
    [{ applications: [{ invoice_id: 1, amount_cents: 0.5 }] }, 'Applied amount must be whole cents'],
    [{ applications: [] }, 'Version'],
  ])('PUT /payments/{id}/applications refuses %j with 400', async (payload, message) => {
    const clientId = (await createClient(admin)).id;
    const payment = await paid({ client_id: clientId, amount_cents: 1000 });
    const response = await admin.request({ method: 'PUT', url: `/payments/${payment.id}/applications`, payload });
    expectStatus(response, 400);
    expect(response.body).toContain(message);
    expect((await admin.request({ url: `/payments/${payment.id}` })).json().version).toBe(1);
  });

  it('keeps the ledger append-only for the app', async () => {
    const clientId = (await createClient(admin)).id;
    await paid({ client_id: clientId, amount_cents: 100 });
    await expect(
      ownerRows(testApp, sql`update ar_ledger set memo = 'x' where client_id = ${clientId}`),
    ).rejects.toThrow();
  });
  it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
    expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
  });
});
