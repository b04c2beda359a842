import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateAfterToday, dateInZone } from '@practice/shared';
import { withTenant } from '../src/db/client';
import { addDays, firstOfMonth } from '../src/modules/time-entries/calendar';
import { firmToday } from '../src/modules/organizations/firm-today';
import { issuedInvoice } from './money-records';
import { createTestApp, signedIn, type Session, type TestApp } from './test-app';
import {
  createActivityType,
  createClient,
  createTimeEntry,
  expectStatus,
  organizationIdOf,
  ownerRows,
  uniqueCode,
} from './work-records';

/**
 * Issue 27, "One calendar: the firm's" (ADR 0200): the firm's today comes from the server, and
 * money dated after it is refused with 422 and nothing written. Expected dates are worked out
 * here from the firm's zone, not read from the code under test.
 */
describe("the firm's calendar", () => {
  let testApp: TestApp;
  let admin: Session;
  let billing: Session;
  let staff: Session;
  let foreign: Session;
  let demoId: number;
  let today: string;
  let tomorrow: string;

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'error' });
    admin = await signedIn(testApp.app, 'admin');
    billing = await signedIn(testApp.app, 'billing');
    staff = await signedIn(testApp.app, 'staff');
    foreign = await signedIn(testApp.app, 'nwadmin');
    demoId = await organizationIdOf(testApp, 'demo');
    const [firm] = await ownerRows<{ time_zone: string }>(
      testApp,
      sql`select time_zone from organizations where id = ${demoId}`,
    );
    today = dateInZone(new Date(), firm!.time_zone);
    tomorrow = addDays(today, 1);
  });
  afterAll(() => testApp.close());

  const countOf = async (query: ReturnType<typeof sql>) =>
    Number((await ownerRows<{ n: string }>(testApp, query))[0]!.n);

  describe('GET /api/organization/config', () => {
    it("says the firm's today and the server's now, whatever zone the caller is in", async () => {
      const before = Date.now();
      const response = await admin.request({ url: '/api/organization/config' });
      expectStatus(response, 200);
      const body = response.json();
      expect(body.time_zone).toBe('America/New_York');
      expect(body.today).toBe(today);
      const now = Date.parse(body.now);
      expect(now).toBeGreaterThanOrEqual(before - 1000);
      expect(now).toBeLessThanOrEqual(Date.now() + 1000);
    });
  });

  describe('firmToday with an injected clock', () => {
    it("takes the date in the firm's zone: 11:30 pm in New York is already tomorrow in UTC", async () => {
      const evening = new Date('2026-12-06T04:30:00Z');
      const date = await withTenant(testApp.context.database.db, demoId, (tx) => firmToday(tx, demoId, evening));
      expect(date).toBe('2026-12-05');
      const morning = new Date('2026-12-06T05:30:00Z');
      expect(await withTenant(testApp.context.database.db, demoId, (tx) => firmToday(tx, demoId, morning))).toBe(
        '2026-12-06',
      );
    });
  });

  describe('payments and refunds', () => {
    const pay = (session: Session, clientId: number, date: string, cents = 1_000) =>
      session.request({
        method: 'POST',
        url: '/payments',
        payload: { client_id: clientId, payment_date: date, amount_cents: cents, method: 'check' },
      });

    it("refuses a payment dated after the firm's today (422) and writes no payment nor ledger row", async () => {
      const clientId = (await createClient(admin)).id;
      await issuedInvoice(admin, clientId, 5_000, { issue_date: today });
      const refused = await pay(billing, clientId, tomorrow);
      expectStatus(refused, 422);
      const message = dateAfterToday('Payment date', today);
      expect(refused.json()).toEqual({ error: message, details: { payment_date: message } });
      expect(await countOf(sql`select count(*) as n from payments where client_id = ${clientId}`)).toBe(0);
      expect(
        await countOf(sql`select count(*) as n from ar_ledger where client_id = ${clientId} and kind = 'payment'`),
      ).toBe(0);
      expectStatus(await pay(billing, clientId, today), 201);
    });

    it("answers 404 for another firm's client and 403 without can_edit_payments, before the date", async () => {
      const foreignClient = (await createClient(foreign)).id;
      expectStatus(await pay(admin, foreignClient, tomorrow), 404);
      const ownClient = (await createClient(admin)).id;
      expectStatus(await pay(staff, ownClient, tomorrow), 403);
    });

    it('refuses moving a payment into the future (422), leaving it as it was', async () => {
      const clientId = (await createClient(admin)).id;
      const created = await pay(billing, clientId, today);
      expectStatus(created, 201);
      const payment = created.json();
      const moved = await billing.request({
        method: 'PUT',
        url: `/payments/${payment.id}`,
        payload: {
          payment_date: tomorrow,
          amount_cents: payment.amount_cents,
          method: 'check',
          version: payment.version,
        },
      });
      expectStatus(moved, 422);
      expect(moved.json().details).toEqual({ payment_date: dateAfterToday('Payment date', today) });
      const after = await billing.request({ url: `/payments/${payment.id}` });
      expect(after.json()).toMatchObject({ payment_date: today, version: payment.version });
    });

    it('refuses a refund dated after today (422) and writes none', async () => {
      const clientId = (await createClient(admin)).id;
      expectStatus(await pay(billing, clientId, today, 2_000), 201);
      const refused = await billing.request({
        method: 'POST',
        url: `/clients/${clientId}/refunds`,
        payload: { refund_date: tomorrow, amount_cents: 500, method: 'check' },
      });
      expectStatus(refused, 422);
      expect(refused.json().error).toBe(dateAfterToday('Refund date', today));
      expect(await countOf(sql`select count(*) as n from refunds where client_id = ${clientId}`)).toBe(0);
    });
  });

  describe('invoices', () => {
    it('refuses a draft dated after today (422): no invoice, its work stays in WIP', async () => {
      const clientId = (await createClient(admin)).id;
      const activity = await createActivityType(admin, { default_rate_cents: 6_000 });
      const entry = await createTimeEntry(admin, {
        client_id: clientId,
        activity_type_id: activity.id,
        entry_date: today,
        billable: true,
        status: 'completed',
      });
      const refused = await admin.request({
        method: 'POST',
        url: '/invoices',
        payload: { client_id: clientId, time_entry_ids: [entry.id], issue_date: tomorrow },
      });
      expectStatus(refused, 422);
      const message = dateAfterToday('Invoice date', today);
      expect(refused.json()).toEqual({ error: message, details: { issue_date: message } });
      expect(await countOf(sql`select count(*) as n from invoices where client_id = ${clientId}`)).toBe(0);
      expect(
        await countOf(sql`select count(*) as n from time_entries where id = ${entry.id} and invoice_id is null`),
      ).toBe(1);
      const dated = await admin.request({
        method: 'POST',
        url: '/invoices',
        payload: { client_id: clientId, time_entry_ids: [entry.id] },
      });
      expectStatus(dated, 201);
      expect(dated.json().issue_date).toBe(today);
    });

    it('refuses moving a draft into the future (422), and issuing a draft dated ahead (422, still a draft)', async () => {
      const clientId = (await createClient(admin)).id;
      const created = await admin.request({
        method: 'POST',
        url: '/invoices',
        payload: { client_id: clientId, fixed_fees: [{ description: 'Advisory', amount_cents: 10_000 }] },
      });
      expectStatus(created, 201);
      const draft = created.json();
      const moved = await admin.request({
        method: 'PUT',
        url: `/invoices/${draft.id}`,
        payload: { issue_date: tomorrow, version: draft.version },
      });
      expectStatus(moved, 422);
      expect(moved.json().details).toEqual({ issue_date: dateAfterToday('Invoice date', today) });
      expect((await admin.request({ url: `/invoices/${draft.id}` })).json()).toMatchObject({
        issue_date: today,
        version: draft.version,
      });

      // A draft saved ahead before this rule: it waits for its day.
      await ownerRows(testApp, sql`update invoices set issue_date = ${tomorrow}::date where id = ${draft.id}`);
      const issued = await admin.request({ method: 'POST', url: `/invoices/${draft.id}/issue` });
      expectStatus(issued, 422);
      expect(issued.json().error).toBe(dateAfterToday('Invoice date', today));
      const [row] = await ownerRows<{ status: string; number: string | null }>(
        testApp,
        sql`select status, number from invoices where id = ${draft.id}`,
      );
      expect(row).toEqual({ status: 'draft', number: null });
      expect(await countOf(sql`select count(*) as n from ar_ledger where invoice_id = ${draft.id}`)).toBe(0);
    });

    it("answers 404 for another firm's invoice and 403 without can_edit_invoices", async () => {
      const clientId = (await createClient(foreign)).id;
      const created = await foreign.request({
        method: 'POST',
        url: '/invoices',
        payload: { client_id: clientId, fixed_fees: [{ description: 'Advisory', amount_cents: 10_000 }] },
      });
      expectStatus(created, 201);
      const draft = created.json();
      const move = { issue_date: tomorrow, version: draft.version };
      expectStatus(await admin.request({ method: 'PUT', url: `/invoices/${draft.id}`, payload: move }), 404);
      expectStatus(await staff.request({ method: 'PUT', url: `/invoices/${draft.id}`, payload: move }), 403);
    });
  });

  describe("figures on the firm's day", () => {
    it('a client paid in full today shows what it collected and no AR balance on the same Billing row', async () => {
      const token = uniqueCode('Firmday').toLowerCase();
      const clientId = (await createClient(admin, { legal_name: `Paid ${token}` })).id;
      const invoice = await issuedInvoice(admin, clientId, 78_750, { issue_date: today });
      const paid = await billing.request({
        method: 'POST',
        url: '/payments',
        payload: { client_id: clientId, payment_date: today, amount_cents: 78_750, method: 'check' },
      });
      expectStatus(paid, 201);
      expect(paid.json().applications).toEqual([
        { invoice_id: invoice.id, invoice_number: invoice.number, amount_cents: 78_750 },
      ]);
      const totals = await admin.request({ url: `/billing?q=${token}&from=${firstOfMonth(today)}&to=${today}` });
      expectStatus(totals, 200);
      expect(totals.json().items).toEqual([
        expect.objectContaining({ collected_cents: 78_750, billed_cents: 78_750, ar_balance_cents: 0 }),
      ]);
    });

    it("counts time recorded for the firm's today in the dashboard's today and week", async () => {
      const clientId = (await createClient(admin)).id;
      const activity = await createActivityType(admin, {});
      const before = (await admin.request({ url: '/dashboard/stats' })).json();
      await createTimeEntry(admin, {
        client_id: clientId,
        activity_type_id: activity.id,
        entry_date: today,
        minutes: 45,
      });
      const after = (await admin.request({ url: '/dashboard/stats' })).json();
      expect(after.today).toBe(today);
      expect(after.todayMinutes - before.todayMinutes).toBe(45);
      expect(after.weekMinutes - before.weekMinutes).toBe(45);
    });
  });
});
