import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAPPLY_PAYMENTS_FIRST, WRITE_DOWN_REASON_REQUIRED } from '@practice/shared';
import { pdfText } from '../../../test/pdf-text';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import {
  createActivityType,
  createClient,
  createTimeEntry,
  expectStatus,
  organizationIdOf,
  ownerRows,
  uniqueCode,
} from '../../../test/work-records';

type Invoice = {
  id: number;
  number: string | null;
  status: string;
  version: number;
  client_id: number;
  lines: { kind: string; description: string; minutes?: number; amount_cents: number; write_cents?: number }[];
  items: {
    time_entry_id: number | null;
    expense_id: number | null;
    standard_cents: number;
    amount_cents: number;
    write_cents: number;
    write_reason: string | null;
  }[];
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  balance_cents: number;
  credited_cents: number;
  narrative: string;
  access_code: string | null;
  portal_url: string | null;
  issue_date: string;
  due_date: string;
};

describe('WIP and invoices (API.md)', () => {
  let testApp: TestApp;
  let admin: Session;
  let billing: Session;
  let manager: Session;
  let readonly: Session;
  let staff: Session;
  let foreign: Session;
  let demoId: number;
  let clientId: number;
  let activityId: number;
  let foreignClientId: number;
  let foreignEntryId: number;

  /** Two completed entries worth $500 and $150 at $200 an hour. */
  async function workFor(client = clientId, date = '2026-10-05') {
    const first = await createTimeEntry(admin, {
      client_id: client,
      activity_type_id: activityId,
      minutes: 150,
      entry_date: date,
      narrative: 'Prepared the return',
      billable: true,
      status: 'completed',
    });
    const second = await createTimeEntry(admin, {
      client_id: client,
      activity_type_id: activityId,
      minutes: 45,
      entry_date: date,
      narrative: 'Call with client',
      billable: true,
      status: 'completed',
    });
    return [first, second];
  }

  async function addExpense(client = clientId) {
    const response = await admin.request({
      method: 'POST',
      url: '/expenses',
      payload: {
        client_id: client,
        expense_date: '2026-10-06',
        category: 'filing_fee',
        description: 'State fee',
        amount_cents: 2500,
        status: 'completed',
      },
    });
    expectStatus(response, 201);
    return response.json() as { id: number; total_cents: number };
  }

  async function draft(session: Session, payload: Record<string, unknown>) {
    return session.request({ method: 'POST', url: '/invoices', payload: { client_id: clientId, ...payload } });
  }

  async function draftOf(payload: Record<string, unknown>): Promise<Invoice> {
    const response = await draft(admin, payload);
    expectStatus(response, 201);
    return response.json();
  }

  async function issue(id: number): Promise<Invoice> {
    const response = await admin.request({ method: 'POST', url: `/invoices/${id}/issue` });
    expectStatus(response, 200);
    return response.json();
  }

  async function ledgerOf(invoiceId: number) {
    return ownerRows<{ kind: string; debit_cents: string; credit_cents: string; document: string }>(
      testApp,
      sql`select kind, debit_cents::text, credit_cents::text, document from ar_ledger where invoice_id = ${invoiceId} order by id`,
    );
  }

  async function wipIds(client = clientId): Promise<number[]> {
    const response = await admin.request({ url: `/clients/${client}/wip` });
    expectStatus(response, 200);
    return (response.json() as { time_entries: { id: number }[] }).time_entries.map((entry) => entry.id);
  }

  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'http://{org}.practice.test', logLevel: 'error' });
    admin = await signedIn(testApp.app, 'admin');
    billing = await signedIn(testApp.app, 'billing');
    manager = await signedIn(testApp.app, 'manager');
    readonly = await signedIn(testApp.app, 'readonly');
    staff = await signedIn(testApp.app, 'staff');
    foreign = await signedIn(testApp.app, 'nwadmin');
    demoId = await organizationIdOf(testApp, 'demo');
    clientId = (await createClient(admin, { legal_name: 'Acme <b>Bold</b> LLC', invoice_email: 'ap@acme.example' })).id;
    activityId = (await createActivityType(admin, { name: 'Tax return', default_rate_cents: 20_000 })).id;
    foreignClientId = (await createClient(foreign)).id;
    const foreignActivity = await createActivityType(foreign);
    foreignEntryId = (
      await createTimeEntry(foreign, {
        client_id: foreignClientId,
        activity_type_id: foreignActivity.id,
        billable: true,
        status: 'completed',
      })
    ).id;
  });
  afterAll(() => testApp.close());

  describe('GET /clients/{id}/wip', () => {
    it('answers the completed billable unbilled work with totals', async () => {
      const client = (await createClient(admin)).id;
      const [first, second] = await workFor(client);
      await createTimeEntry(admin, {
        client_id: client,
        activity_type_id: activityId,
        billable: true,
        status: 'draft',
      });
      await createTimeEntry(admin, {
        client_id: client,
        activity_type_id: activityId,
        billable: false,
        status: 'completed',
      });
      const expense = await addExpense(client);
      const response = await billing.request({ url: `/clients/${client}/wip` });
      expectStatus(response, 200);
      const wip = response.json();
      expect(wip.time_entries.map((entry: { id: number }) => entry.id)).toEqual([first!.id, second!.id]);
      expect(wip.expenses.map((row: { id: number }) => row.id)).toEqual([expense.id]);
      expect(wip.totals).toEqual({
        minutes: 195,
        time_cents: 65_000,
        expense_cents: 2500,
        total_cents: 67_500,
      });
      expect(wip.write_spread).toBe('value');
      const early = (await admin.request({ url: `/clients/${client}/wip?as_of=2026-10-01` })).json();
      expect(early.time_entries).toEqual([]);
    });

    it('answers each item exactly as the entry and expense calls do (one SQL statement builds the WIP)', async () => {
      const client = (await createClient(admin)).id;
      await workFor(client);
      await addExpense(client);
      const wip = (await billing.request({ url: `/clients/${client}/wip` })).json();
      expect(wip.client).toMatchObject({ id: client, payment_terms_days: expect.any(Number) });
      for (const entry of wip.time_entries as { id: number }[]) {
        expect(entry).toEqual((await admin.request({ url: `/time-entries/${entry.id}` })).json());
      }
      for (const expense of wip.expenses as { id: number }[]) {
        expect(expense).toEqual((await admin.request({ url: `/expenses/${expense.id}` })).json());
      }
    });

    it("refuses a bad date, another firm's client (404) and a user without can_create_invoices (403)", async () => {
      expectStatus(await admin.request({ url: `/clients/${clientId}/wip?as_of=2026-13-01` }), 400);
      expectStatus(await admin.request({ url: `/clients/${foreignClientId}/wip` }), 404);
      expectStatus(await admin.request({ url: '/clients/abc/wip' }), 404);
      const refused = await readonly.request({ url: `/clients/${clientId}/wip` });
      expectStatus(refused, 403);
      expect(refused.json()).toEqual({ error: 'Permission required: can_create_invoices' });
    });
  });

  describe('POST /invoices', () => {
    it('spreads a write-down cents-exact over the entries, keeps each write and reason, and takes them out of WIP', async () => {
      const [first, second] = await workFor();
      const invoice = await draftOf({
        time_entry_ids: [first!.id, second!.id],
        bill_cents: 50_000,
        write_reason: 'Courtesy',
      });
      expect(invoice.status).toBe('draft');
      expect(invoice.number).toBeNull();
      expect(invoice.access_code).toBeNull();
      expect(invoice.items.map((item) => [item.standard_cents, item.amount_cents, item.write_cents])).toEqual([
        [50_000, 38_462, -11_538],
        [15_000, 11_538, -3_462],
      ]);
      expect(invoice.items.every((item) => item.write_reason === 'Courtesy')).toBe(true);
      expect(invoice.lines).toEqual([
        {
          kind: 'time',
          description: 'Tax return',
          minutes: 195,
          standard_cents: 65_000,
          amount_cents: 50_000,
          write_cents: -15_000,
        },
      ]);
      expect(invoice.total_cents).toBe(50_000);
      expect(await wipIds()).not.toContain(first!.id);
      const lines = await ownerRows<{ write_cents: string }>(
        testApp,
        sql`select write_cents from invoice_lines where invoice_id = ${invoice.id} order by position`,
      );
      expect(lines.map((line) => Number(line.write_cents))).toEqual([-11_538, -3_462]);
    });

    it('spreads by hours when the firm says so', async () => {
      await ownerRows(testApp, sql`update organizations set write_spread = 'hours' where id = ${demoId}`);
      try {
        const [first, second] = await workFor();
        const invoice = await draftOf({
          time_entry_ids: [first!.id, second!.id],
          bill_cents: 39_000,
          write_reason: 'Agreed',
        });
        // 150 and 45 minutes of 195: 30,000 and 9,000, although their values are 50,000 and 15,000.
        expect(invoice.items.map((item) => item.amount_cents)).toEqual([30_000, 9_000]);
      } finally {
        await ownerRows(testApp, sql`update organizations set write_spread = 'value' where id = ${demoId}`);
      }
    }, 30_000);

    it('requires a reason for a write-down, not for a write-up', async () => {
      const [first, second] = await workFor();
      const refused = await draft(admin, { time_entry_ids: [first!.id, second!.id], bill_cents: 64_999 });
      expectStatus(refused, 400);
      expect(refused.json()).toEqual({
        error: WRITE_DOWN_REASON_REQUIRED,
        details: { write_reason: WRITE_DOWN_REASON_REQUIRED },
      });
      expect(await wipIds()).toContain(first!.id);
      const up = await draftOf({ time_entry_ids: [first!.id, second!.id], bill_cents: 70_000 });
      expect(up.items.map((item) => item.write_cents)).toEqual([3847, 1153]);
    });

    it('takes a reason code of the firm instead of text', async () => {
      const [reason] = (await admin.request({ url: '/write-reasons' })).json().items as { id: number }[];
      const [first] = await workFor();
      const invoice = await draftOf({ time_entry_ids: [first!.id], bill_cents: 40_000, write_reason_id: reason!.id });
      expect(invoice.items[0]!.write_cents).toBe(-10_000);
      const foreignReason = (await foreign.request({ url: '/write-reasons' })).json().items[0] as { id: number };
      const [other] = await workFor();
      const refused = await draft(admin, {
        time_entry_ids: [other!.id],
        bill_cents: 1,
        write_reason_id: foreignReason.id,
      });
      expectStatus(refused, 404);
    });

    it('bills expenses at their total, fixed fees, tax rounded half up and a filled invoice text', async () => {
      const text = await admin.request({
        method: 'POST',
        url: '/invoice-texts',
        payload: {
          name: uniqueCode('Text'),
          body: 'For {client_name} ({client_id}): {period}, {total} due {due_date}. {{7*7}} ${7*7} {nope}',
        },
      });
      expectStatus(text, 201);
      const [first] = await workFor();
      const expense = await addExpense();
      const invoice = await draftOf({
        time_entry_ids: [first!.id],
        expense_ids: [expense.id],
        fixed_fees: [{ description: 'Annual retainer', amount_cents: 10_001 }],
        tax_rate_bp: 825,
        issue_date: '2026-11-02',
        invoice_text_id: text.json().id,
        layout: 'detail',
      });
      expect(invoice.subtotal_cents).toBe(50_000 + 2500 + 10_001);
      expect(invoice.tax_cents).toBe(5156);
      expect(invoice.total_cents).toBe(62_501 + 5156);
      expect(invoice.due_date).toBe('2026-12-02');
      expect(invoice.lines.map((line) => line.kind)).toEqual(['time', 'expense', 'fixed_fee', 'tax']);
      expect(invoice.narrative).toBe(
        `For Acme <b>Bold</b> LLC (${(await admin.request({ url: `/clients/${clientId}` })).json().client_id}): October 5, 2026 to October 6, 2026, $676.57 due December 2, 2026. {{7*7}} \${7*7} {nope}`,
      );
    });

    it('refuses an item already on an invoice, drafts included (409), and racing drafts get one draft and one 409', async () => {
      const [first, second] = await workFor();
      await draftOf({ time_entry_ids: [first!.id] });
      const again = await draft(billing, { time_entry_ids: [first!.id, second!.id] });
      expectStatus(again, 409);
      const [third, fourth] = await workFor();
      const answers = await Promise.all([
        draft(admin, { time_entry_ids: [third!.id, fourth!.id] }),
        draft(billing, { time_entry_ids: [fourth!.id] }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const onLines = await ownerRows<{ n: number }>(
        testApp,
        sql`select count(*)::int as n from invoice_lines where time_entry_id = ${fourth!.id} and not released`,
      );
      expect(onLines[0]!.n).toBe(1);
    });

    it("answers 400 per bad field, and 404 for another firm's client, entry or text", async () => {
      const [first] = await workFor();
      const cases: [Record<string, unknown>, string][] = [
        [{ client_id: undefined, time_entry_ids: [first!.id] }, 'client_id'],
        [{ client_id: 'x', time_entry_ids: [first!.id] }, 'client_id'],
        [{ time_entry_ids: 'all' }, 'time_entry_ids'],
        [{ time_entry_ids: [0] }, 'time_entry_ids.0'],
        [{ time_entry_ids: [] }, 'time_entry_ids'],
        [{ expense_ids: [1.5] }, 'expense_ids.0'],
        [{ time_entry_ids: [first!.id], bill_cents: -1 }, 'bill_cents'],
        [{ time_entry_ids: [first!.id], bill_cents: 10.5 }, 'bill_cents'],
        [{ time_entry_ids: [first!.id], tax_rate_bp: 10_001 }, 'tax_rate_bp'],
        [{ time_entry_ids: [first!.id], layout: 'fancy' }, 'layout'],
        [{ time_entry_ids: [first!.id], issue_date: '2026-02-30' }, 'issue_date'],
        [{ time_entry_ids: [first!.id], issue_date: '2026-11-02', due_date: '2026-11-01' }, 'due_date'],
        [{ time_entry_ids: [first!.id], narrative: 'x'.repeat(5001) }, 'narrative'],
        [{ fixed_fees: [{ description: '', amount_cents: 100 }] }, 'fixed_fees.0.description'],
        [{ fixed_fees: [{ description: 'Fee', amount_cents: 0 }] }, 'fixed_fees.0.amount_cents'],
        [{ time_entry_ids: [first!.id], write_reason: 'x'.repeat(501) }, 'write_reason'],
        [{ expense_ids: [], bill_cents: 100, fixed_fees: [{ description: 'Fee', amount_cents: 1 }] }, 'bill_cents'],
      ];
      for (const [payload, field] of cases) {
        const response = await draft(admin, payload);
        expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(400);
        expect(Object.keys(response.json().details ?? {}), JSON.stringify(payload)).toContain(field);
      }
      expectStatus(
        await draft(admin, { client_id: foreignClientId, fixed_fees: [{ description: 'F', amount_cents: 1 }] }),
        404,
      );
      const foreignEntry = await draft(admin, { time_entry_ids: [foreignEntryId] });
      expectStatus(foreignEntry, 404);
      expect(foreignEntry.json().details).toEqual({ time_entry_ids: 'Time entry not found' });
      expectStatus(await draft(admin, { expense_ids: [2_000_000_000] }), 404);
      const foreignText = await foreign.request({
        method: 'POST',
        url: '/invoice-texts',
        payload: { name: uniqueCode('NW'), body: 'Thanks' },
      });
      expectStatus(await draft(admin, { time_entry_ids: [first!.id], invoice_text_id: foreignText.json().id }), 404);
      expect(await wipIds()).toContain(first!.id);
    });

    it('refuses users without can_create_invoices', async () => {
      const [first] = await workFor();
      const refused = await draft(readonly, { time_entry_ids: [first!.id] });
      expectStatus(refused, 403);
      expectStatus(await draft(staff, { time_entry_ids: [first!.id] }), 403);
    });

    it('locks the entries of a draft against edits until the draft is deleted', async () => {
      const [first] = await workFor();
      const invoice = await draftOf({ time_entry_ids: [first!.id] });
      const edit = await admin.request({
        method: 'PUT',
        url: `/time-entries/${first!.id}`,
        payload: {
          client_id: clientId,
          activity_type_id: activityId,
          entry_date: '2026-10-05',
          minutes: 10,
          billable: true,
          status: 'completed',
          version: first!.version,
        },
      });
      expectStatus(edit, 409);
      expectStatus(await admin.request({ method: 'DELETE', url: `/invoices/${invoice.id}` }), 204);
      expect(await wipIds()).toContain(first!.id);
      expectStatus(await admin.request({ url: `/invoices/${invoice.id}` }), 404);
    });
  });

  describe('PUT and DELETE /invoices/{id}', () => {
    it('changes a draft with its version, re-spreads a bill amount, and refuses a stale version (409)', async () => {
      const [first, second] = await workFor();
      const invoice = await draftOf({ time_entry_ids: [first!.id, second!.id] });
      const put = (payload: Record<string, unknown>, session = admin) =>
        session.request({ method: 'PUT', url: `/invoices/${invoice.id}`, payload });
      const changed = await put({
        version: invoice.version,
        tax_rate_bp: 1000,
        bill_cents: 60_000,
        write_reason: 'Scope',
        layout: 'detail',
      });
      expectStatus(changed, 200);
      expect(changed.json()).toMatchObject({
        subtotal_cents: 60_000,
        tax_cents: 6000,
        total_cents: 66_000,
        layout: 'detail',
      });
      expect(changed.json().lines).toHaveLength(3);
      const stale = await put({ version: invoice.version, tax_rate_bp: 0 });
      expectStatus(stale, 409);
      expectStatus(await put({ version: changed.json().version, tax_rate_bp: -1 }), 400);
      expectStatus(await put({ tax_rate_bp: 1 }), 400);
      expectStatus(await put({ version: changed.json().version, bill_cents: 1 }), 400);
      expectStatus(await put({ version: changed.json().version }, manager), 403);
      expectStatus(
        await foreign.request({ method: 'PUT', url: `/invoices/${invoice.id}`, payload: { version: 1 } }),
        404,
      );
      await issue(invoice.id);
      const issuedPut = await put({ version: changed.json().version + 1, tax_rate_bp: 0 });
      expectStatus(issuedPut, 409);
      expectStatus(await admin.request({ method: 'DELETE', url: `/invoices/${invoice.id}` }), 409);
      expectStatus(await foreign.request({ method: 'DELETE', url: `/invoices/${invoice.id}` }), 404);
    });
  });

  describe('issue, void, credit memo, write-off', () => {
    it('issues with the next number, an access code, billed items, a ledger debit and an audit row', async () => {
      const [first, second] = await workFor();
      const invoice = await draftOf({
        time_entry_ids: [first!.id, second!.id],
        bill_cents: 50_000,
        write_reason: 'Courtesy',
      });
      const preview = (await admin.request({ url: `/invoices/${invoice.id}` })).json();
      expect(preview.organization).toEqual({
        name: 'Demo CPA',
        logo_url: null,
        remit_to: expect.stringContaining('100 Main Street'),
        invoice_footer: expect.stringContaining('Thank you'),
      });
      const issued = await issue(invoice.id);
      expect(issued.number).toBe(preview.next_number);
      expect(issued.status).toBe('pending');
      expect(issued.number).toMatch(/^INV-\d+$/);
      expect(issued.access_code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
      expect(issued.portal_url).toBe(`http://demo.practice.test/client-portal/${issued.access_code}`);
      expect(issued.balance_cents).toBe(50_000);
      expect(await ledgerOf(invoice.id)).toEqual([
        { kind: 'invoice', debit_cents: '50000', credit_cents: '0', document: issued.number },
      ]);
      const entries = await ownerRows<{ status: string; invoice_id: number }>(
        testApp,
        sql`select status, invoice_id from time_entries where id in (${first!.id}, ${second!.id})`,
      );
      expect(entries).toEqual([
        { status: 'billed', invoice_id: invoice.id },
        { status: 'billed', invoice_id: invoice.id },
      ]);
      const audit = await ownerRows<{ action: string }>(
        testApp,
        sql`select action from audit_log where entity = 'invoice' and entity_id = ${String(invoice.id)} order by id`,
      );
      expect(audit.map((row) => row.action)).toEqual(['create', 'issue']);
      expectStatus(await admin.request({ method: 'POST', url: `/invoices/${invoice.id}/issue` }), 409);
      expectStatus(await readonly.request({ method: 'POST', url: `/invoices/${invoice.id}/issue` }), 403);
      expectStatus(await foreign.request({ method: 'POST', url: `/invoices/${invoice.id}/issue` }), 404);
      const next = await issue((await draftOf({ fixed_fees: [{ description: 'Fee', amount_cents: 100 }] })).id);
      expect(Number(next.number!.slice(4))).toBe(Number(issued.number!.slice(4)) + 1);
    });

    it('voids with a reversing ledger row and the items back in WIP; refuses with payments applied', async () => {
      const [first] = await workFor();
      const invoice = await issue((await draftOf({ time_entry_ids: [first!.id] })).id);
      expectStatus(await admin.request({ method: 'POST', url: `/invoices/${invoice.id}/void`, payload: {} }), 400);
      expectStatus(
        await manager.request({ method: 'POST', url: `/invoices/${invoice.id}/void`, payload: { reason: 'x' } }),
        403,
      );
      const voided = await admin.request({
        method: 'POST',
        url: `/invoices/${invoice.id}/void`,
        payload: { reason: 'Wrong client' },
      });
      expectStatus(voided, 200);
      expect(voided.json()).toMatchObject({ status: 'void', void_reason: 'Wrong client' });
      expect(await ledgerOf(invoice.id)).toEqual([
        { kind: 'invoice', debit_cents: '50000', credit_cents: '0', document: invoice.number },
        { kind: 'invoice_void', debit_cents: '0', credit_cents: '50000', document: invoice.number },
      ]);
      expect(await wipIds()).toContain(first!.id);
      expectStatus(
        await admin.request({ method: 'POST', url: `/invoices/${invoice.id}/void`, payload: { reason: 'again' } }),
        409,
      );
      // The entry can be billed again on a new invoice, or deleted; the void invoice keeps its lines.
      const rebilled = await draftOf({ time_entry_ids: [first!.id] });
      expectStatus(await admin.request({ method: 'DELETE', url: `/invoices/${rebilled.id}` }), 204);
      expectStatus(await admin.request({ method: 'DELETE', url: `/time-entries/${first!.id}` }), 204);
      const history = (await admin.request({ url: `/invoices/${invoice.id}` })).json() as Invoice;
      expect(history.items).toMatchObject([{ time_entry_id: null, amount_cents: 50_000 }]);
      expect(history.total_cents).toBe(50_000);

      const [other] = await workFor();
      const paid = await issue((await draftOf({ time_entry_ids: [other!.id] })).id);
      await ownerRows(testApp, sql`update invoices set applied_cents = 100, status = 'partial' where id = ${paid.id}`);
      const refused = await admin.request({
        method: 'POST',
        url: `/invoices/${paid.id}/void`,
        payload: { reason: 'x' },
      });
      expectStatus(refused, 409);
      expect(refused.json()).toEqual({ error: UNAPPLY_PAYMENTS_FIRST });
    });

    it('credits and writes off at most the balance, with ledger credits and the status following the balance', async () => {
      const [first] = await workFor();
      const invoice = await issue((await draftOf({ time_entry_ids: [first!.id] })).id);
      const memo = (amount: unknown, reason: unknown = 'Discount', kind = 'credit-memo', session = admin) =>
        session.request({
          method: 'POST',
          url: `/invoices/${invoice.id}/${kind}`,
          payload: { amount_cents: amount, reason },
        });
      expectStatus(await memo(0), 400);
      expectStatus(await memo(1.5), 400);
      expectStatus(await memo(100, ''), 400);
      expectStatus(await memo(100, 'x', 'credit-memo', manager), 403);
      const over = await memo(50_001);
      expectStatus(over, 422);
      expect(over.json().error).toBe('The amount is more than the balance of $500.00');
      const credited = await memo(10_000);
      expectStatus(credited, 201);
      expect(credited.json()).toMatchObject({ kind: 'credit_memo', amount_cents: 10_000 });
      expect(credited.json().invoice).toMatchObject({
        status: 'partial',
        balance_cents: 40_000,
        credited_cents: 10_000,
      });
      const writeOff = await memo(40_000, 'Uncollectable', 'write-off');
      expectStatus(writeOff, 201);
      expect(writeOff.json().invoice).toMatchObject({ status: 'paid', balance_cents: 0 });
      expectStatus(await memo(1, 'x', 'write-off'), 422);
      expect((await ledgerOf(invoice.id)).map((row) => [row.kind, row.debit_cents, row.credit_cents])).toEqual([
        ['invoice', '50000', '0'],
        ['credit_memo', '0', '10000'],
        ['write_off', '0', '40000'],
      ]);
      const draftOnly = await draftOf({ fixed_fees: [{ description: 'Fee', amount_cents: 100 }] });
      expectStatus(
        await admin.request({
          method: 'POST',
          url: `/invoices/${draftOnly.id}/credit-memo`,
          payload: { amount_cents: 1, reason: 'x' },
        }),
        409,
      );
      // A void after credits reverses only what was still owed: the invoice nets to zero.
      const [other] = await workFor();
      const second = await issue((await draftOf({ time_entry_ids: [other!.id] })).id);
      await admin.request({
        method: 'POST',
        url: `/invoices/${second.id}/credit-memo`,
        payload: { amount_cents: 5000, reason: 'x' },
      });
      await admin.request({ method: 'POST', url: `/invoices/${second.id}/void`, payload: { reason: 'redo' } });
      const net = await ownerRows<{ net: string }>(
        testApp,
        sql`select sum(debit_cents - credit_cents)::text as net from ar_ledger where invoice_id = ${second.id}`,
      );
      expect(net[0]!.net).toBe('0');
    });

    it('never dates a void or a credit before the invoice it answers', async () => {
      const later = await issue((await draftOf({ fixed_fees: [{ description: 'Next year', amount_cents: 900 }] })).id);
      // An invoice dated ahead can no longer be made (ADR 0200); one saved before that still can be credited.
      await ownerRows(testApp, sql`update invoices set issue_date = '2099-01-04' where id = ${later.id}`);
      await admin.request({
        method: 'POST',
        url: `/invoices/${later.id}/credit-memo`,
        payload: { amount_cents: 100, reason: 'x' },
      });
      await admin.request({ method: 'POST', url: `/invoices/${later.id}/void`, payload: { reason: 'Early' } });
      const dates = await ownerRows<{ kind: string; entry_date: string }>(
        testApp,
        sql`select kind, to_char(entry_date, 'YYYY-MM-DD') as entry_date from ar_ledger where invoice_id = ${later.id} order by id`,
      );
      expect(dates).toEqual([
        { kind: 'invoice', entry_date: later.issue_date },
        { kind: 'credit_memo', entry_date: '2099-01-04' },
        { kind: 'invoice_void', entry_date: '2099-01-04' },
      ]);
    });

    it('keeps the ledger append-only for the app role and the owner', async () => {
      const refusal = async (statement: ReturnType<typeof sql>) => {
        try {
          await testApp.context.database.db.execute(statement);
        } catch (error) {
          return String((error as { cause?: Error }).cause?.message ?? (error as Error).message);
        }
        return 'accepted';
      };
      expect(await refusal(sql`update ar_ledger set memo = 'x'`)).toMatch(/append-only/);
      expect(await refusal(sql`delete from ar_ledger`)).toMatch(/append-only/);
      expect(await refusal(sql`truncate ar_ledger`)).toMatch(/append-only/);
      const privileges = await ownerRows<{ update: boolean; delete: boolean; truncate: boolean; insert: boolean }>(
        testApp,
        sql`select has_table_privilege('app_user', 'ar_ledger', 'UPDATE') as update,
                   has_table_privilege('app_user', 'ar_ledger', 'DELETE') as delete,
                   has_table_privilege('app_user', 'ar_ledger', 'TRUNCATE') as truncate,
                   has_table_privilege('app_user', 'ar_ledger', 'INSERT') as insert`,
      );
      expect(privileges[0]).toEqual({ update: false, delete: false, truncate: false, insert: true });
    });
  });

  describe('PDF and e-mail', () => {
    it('renders the PDF with the firm, number, lines, narrative as text, portal address and access code', async () => {
      const [first] = await workFor();
      const invoice = await issue(
        (await draftOf({ time_entry_ids: [first!.id], narrative: '<script>alert(1)</script> {{7*7}}' })).id,
      );
      const response = await readonly.request({ url: `/invoices/${invoice.id}/pdf` });
      expectStatus(response, 200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(response.rawPayload);
      for (const expected of [
        'Demo CPA',
        `INVOICE ${invoice.number}`,
        'Acme <b>Bold</b> LLC',
        'Tax return',
        '$500.00',
        '<script>alert(1)</script> {{7*7}}',
        `Access code: ${invoice.access_code}`,
        invoice.portal_url!,
      ]) {
        expect(text).toContain(expected);
      }
      expectStatus(await staff.request({ url: `/invoices/${invoice.id}/pdf` }), 403);
      expectStatus(await foreign.request({ url: `/invoices/${invoice.id}/pdf` }), 404);
    });

    it('e-mails the invoice through the outbox with the PDF, the portal link and the code', async () => {
      const [first] = await workFor();
      const invoice = await issue((await draftOf({ time_entry_ids: [first!.id] })).id);
      const sent = await billing.request({ method: 'POST', url: `/invoices/${invoice.id}/email`, payload: {} });
      expectStatus(sent, 202);
      expect(sent.json()).toEqual({ queued: 1, to: ['ap@acme.example'] });
      const [mail] = await ownerRows<{
        text_body: string;
        subject: string;
        attachments: { filename: string; content_type: string; content_base64: string }[];
      }>(
        testApp,
        sql`select text_body, subject, attachments from mail_outbox where to_address = 'ap@acme.example' order by id desc limit 1`,
      );
      expect(mail!.subject).toBe(`Invoice ${invoice.number} from Demo CPA`);
      expect(mail!.text_body).toContain(invoice.portal_url!);
      expect(mail!.text_body).toContain(`Access code: ${invoice.access_code}`);
      expect(mail!.attachments[0]).toMatchObject({
        filename: `invoice-${invoice.number}.pdf`,
        content_type: 'application/pdf',
      });
      const attached = Buffer.from(mail!.attachments[0]!.content_base64, 'base64');
      expect(attached.subarray(0, 5).toString(), mail!.attachments[0]!.content_base64.slice(0, 80)).toBe('%PDF-');
      expect(pdfText(attached)).toContain(invoice.number!);

      const others = await admin.request({
        method: 'POST',
        url: `/invoices/${invoice.id}/email`,
        payload: { to: ['a@x.example', 'b@x.example'], message: 'Thanks!' },
      });
      expect(others.json()).toEqual({ queued: 2, to: ['a@x.example', 'b@x.example'] });
      expectStatus(
        await admin.request({ method: 'POST', url: `/invoices/${invoice.id}/email`, payload: { to: ['nope'] } }),
        400,
      );
      expectStatus(await staff.request({ method: 'POST', url: `/invoices/${invoice.id}/email`, payload: {} }), 403);
      // Reading invoices is not sending them: read-only and manager (can_create_invoices) may not.
      for (const reader of [readonly, manager]) {
        const refusedToSend = await reader.request({
          method: 'POST',
          url: `/invoices/${invoice.id}/email`,
          payload: {},
        });
        expectStatus(refusedToSend, 403);
        expect(refusedToSend.json()).toEqual({ error: 'Permission required: can_edit_invoices' });
      }
      const draftOnly = await draftOf({ fixed_fees: [{ description: 'Fee', amount_cents: 100 }] });
      expectStatus(await admin.request({ method: 'POST', url: `/invoices/${draftOnly.id}/email`, payload: {} }), 409);
      const noAddress = (await createClient(admin)).id;
      const [entry] = await workFor(noAddress);
      const silent = await issue((await draftOf({ client_id: noAddress, time_entry_ids: [entry!.id] })).id);
      const refused = await admin.request({ method: 'POST', url: `/invoices/${silent.id}/email`, payload: {} });
      expectStatus(refused, 400);
      expect(Object.keys(refused.json().details)).toEqual(['to']);
    });
  });

  describe('invoice texts', () => {
    it('creates, lists, reads, changes with its version and deletes; names are unique per firm', async () => {
      const name = uniqueCode('Narr');
      const created = await billing.request({
        method: 'POST',
        url: '/invoice-texts',
        payload: { name, body: 'Hello {client_name}' },
      });
      expectStatus(created, 201);
      const text = created.json();
      expectStatus(
        await admin.request({
          method: 'POST',
          url: '/invoice-texts',
          payload: { name: name.toUpperCase(), body: 'x' },
        }),
        409,
      );
      expectStatus(await foreign.request({ method: 'POST', url: '/invoice-texts', payload: { name, body: 'x' } }), 201);
      expect(
        (await readonly.request({ url: '/invoice-texts' })).json().items.map((item: { id: number }) => item.id),
      ).toContain(text.id);
      expectStatus(await foreign.request({ url: `/invoice-texts/${text.id}` }), 404);
      expectStatus(
        await admin.request({ method: 'POST', url: '/invoice-texts', payload: { name: '', body: 'x' } }),
        400,
      );
      expectStatus(
        await admin.request({ method: 'POST', url: '/invoice-texts', payload: { name: 'n', body: 'x'.repeat(5001) } }),
        400,
      );
      expectStatus(
        await staff.request({ method: 'POST', url: '/invoice-texts', payload: { name: 'n', body: 'x' } }),
        403,
      );
      const put = (payload: Record<string, unknown>, session = admin) =>
        session.request({ method: 'PUT', url: `/invoice-texts/${text.id}`, payload });
      const changed = await put({ name, body: 'Bye', version: text.version });
      expectStatus(changed, 200);
      expectStatus(await put({ name, body: 'Stale', version: text.version }), 409);
      expectStatus(await put({ name, body: 'x', version: 2 }, manager), 403);
      expectStatus(await put({ name, body: 'x', version: 2 }, foreign), 404);
      expectStatus(await foreign.request({ method: 'DELETE', url: `/invoice-texts/${text.id}` }), 404);
      expectStatus(await admin.request({ method: 'DELETE', url: `/invoice-texts/${text.id}` }), 204);
      expectStatus(await admin.request({ url: `/invoice-texts/${text.id}` }), 404);
    });
  });

  describe('write reasons', () => {
    it("lists the firm's codes and lets an invoice editor add and change them", async () => {
      const listed = (await readonly.request({ url: '/write-reasons' })).json().items as { code: string }[];
      expect(listed.map((reason) => reason.code)).toContain('COURTESY');
      const code = uniqueCode('R').slice(0, 19);
      const created = await billing.request({
        method: 'POST',
        url: '/write-reasons',
        payload: { code, label: 'Goodwill' },
      });
      expectStatus(created, 201);
      expect(created.json()).toMatchObject({ code, label: 'Goodwill', active: true });
      expectStatus(
        await admin.request({ method: 'POST', url: '/write-reasons', payload: { code, label: 'Again' } }),
        409,
      );
      expectStatus(
        await admin.request({ method: 'POST', url: '/write-reasons', payload: { code: '', label: 'x' } }),
        400,
      );
      expectStatus(
        await manager.request({ method: 'POST', url: '/write-reasons', payload: { code: 'M', label: 'x' } }),
        403,
      );
      const changed = await admin.request({
        method: 'PUT',
        url: `/write-reasons/${created.json().id}`,
        payload: { code, label: 'Goodwill gesture', active: false },
      });
      expect(changed.json()).toMatchObject({ label: 'Goodwill gesture', active: false });
      expectStatus(
        await foreign.request({
          method: 'PUT',
          url: `/write-reasons/${created.json().id}`,
          payload: { code: 'X', label: 'x' },
        }),
        404,
      );
    });
  });

  describe('GET /invoices', () => {
    it('filters by status, client, dates and number, with balances', async () => {
      const client = (await createClient(admin)).id;
      const [first, second] = await workFor(client);
      const a = await issue(
        (await draftOf({ client_id: client, time_entry_ids: [first!.id], issue_date: '2026-09-01' })).id,
      );
      const b = await draftOf({ client_id: client, time_entry_ids: [second!.id], issue_date: '2026-10-01' });
      const list = async (query: string) =>
        (
          (await readonly.request({ url: `/invoices?client_id=${client}&${query}` })).json() as {
            items: { id: number; balance_cents: number }[];
          }
        ).items.map((item) => item.id);
      expect(await list('')).toEqual([b.id, a.id]);
      expect(await list('status=draft')).toEqual([b.id]);
      expect(await list('from=2026-09-15')).toEqual([b.id]);
      expect(await list('to=2026-09-15')).toEqual([a.id]);
      expect(await list(`q=${a.number}`)).toEqual([a.id]);
      expectStatus(await admin.request({ url: '/invoices?from=yesterday' }), 400);
      expectStatus(await admin.request({ url: '/invoices?status=open' }), 400);
      expect((await foreign.request({ url: `/invoices?client_id=${client}` })).json().items).toEqual([]);
    });

    it('pages newest first, ties by id, with the total of the filter on every page', async () => {
      const client = (await createClient(admin)).id;
      const ids: number[] = [];
      for (const description of ['Fee a', 'Fee b', 'Fee c']) {
        const fee = { description, amount_cents: 100 };
        ids.push((await draftOf({ client_id: client, fixed_fees: [fee], issue_date: '2026-08-03' })).id);
      }
      const [a, b, c] = ids;
      const page = async (query: string) =>
        (await readonly.request({ url: `/invoices?client_id=${client}&status=draft&${query}` })).json();
      expect(await page('page_size=2')).toMatchObject({ total: 3, items: [{ id: c }, { id: b }] });
      expect(await page('page_size=2&page=2')).toMatchObject({ total: 3, items: [{ id: a }] });
      expect(await page('page_size=2&page=3')).toMatchObject({ total: 3, items: [] });
      expect(await page('page_size=3')).toMatchObject({ total: 3, items: [{ id: c }, { id: b }, { id: a }] });
      expect(await page('page_size=5')).toMatchObject({ total: 3, items: [{ id: c }, { id: b }, { id: a }] });
      expect(await page('from=2026-09-01')).toMatchObject({ total: 0, items: [] });
    });
  });

  it('counts issued invoices on the dashboard', async () => {
    const before = (await admin.request({ url: '/dashboard/stats' })).json();
    const [first] = await workFor();
    const today = (await draftOf({ fixed_fees: [{ description: 'x', amount_cents: 1 }] })).issue_date;
    await issue((await draftOf({ time_entry_ids: [first!.id], issue_date: today })).id);
    const after = (await admin.request({ url: '/dashboard/stats' })).json();
    const pendingKey = Object.keys(after).find((key) => /pending/i.test(key))!;
    expect(after[pendingKey]).toBe(before[pendingKey] + 1);
  });
  it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
    expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
  });
});
