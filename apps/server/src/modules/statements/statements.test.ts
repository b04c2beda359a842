import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@practice/shared';
import { issuedInvoice } from '../../../test/money-records';
import { pdfText } from '../../../test/pdf-text';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createClient, expectStatus, ownerRows } from '../../../test/work-records';
import type { AgingItem } from '../ledger/ledger-aging';

const UNICODE_NAME = 'Zoë Łukasz 東京 € Trading';
const money = (cents: number) => formatMoney(cents, { decimals: true });

/** The lines of the PDF after the last line that reads `label`. */
function linesAfter(text: string, label: string, count: number): string[] {
  const lines = text.split('\n');
  const at = lines.lastIndexOf(label);
  expect(at, `${label} in ${text}`).toBeGreaterThanOrEqual(0);
  return lines.slice(at + 1, at + 1 + count);
}

describe('client statements (GET /clients/{id}/statement.pdf, POST /clients/{id}/statement/email)', () => {
  let testApp: TestApp;
  let admin: Session;
  let readonly: Session;
  let staff: Session;
  let foreign: Session;
  let clientId: number;
  let foreignClientId: number;
  let foreignCode: string;
  const numbers: string[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'error' });
    admin = await signedIn(testApp.app, 'admin');
    readonly = await signedIn(testApp.app, 'readonly');
    staff = await signedIn(testApp.app, 'staff');
    foreign = await signedIn(testApp.app, 'nwadmin');
    const theirs = await createClient(foreign);
    foreignClientId = theirs.id;
    foreignCode = String(theirs.client_id);
    await issuedInvoice(foreign, foreignClientId, 777, { issue_date: '2026-01-05' });
    clientId = (await createClient(admin, { legal_name: UNICODE_NAME, invoice_email: 'ap@zoe.example' })).id;
    for (const [cents, issue, due] of [
      [10_000, '2026-01-01', '2026-01-31'],
      [20_000, '2026-02-01', '2026-03-02'],
      [30_000, '2026-03-02', '2026-04-01'],
      [50_000, '2026-05-01', '2026-06-01'],
    ] as const)
      numbers.push((await issuedInvoice(admin, clientId, cents, { issue_date: issue, due_date: due })).number!);
    for (const [cents, date, reference] of [
      [4000, '2026-05-15', 'CHK-1001'],
      [15_000, '2026-06-10', 'CHK-1002'],
      [200_000, '2026-07-01', 'WIRE-7'],
    ] as const) {
      const paid = await admin.request({
        method: 'POST',
        url: '/payments',
        payload: { client_id: clientId, amount_cents: cents, payment_date: date, method: 'check', reference },
      });
      expectStatus(paid, 201);
    }
  });
  afterAll(() => testApp.close());

  const statementText = async (asOf: string, session = readonly) => {
    const response = await session.request({ url: `/clients/${clientId}/statement.pdf?as_of=${asOf}` });
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return pdfText(response.rawPayload);
  };

  it('agrees with GET /ledger/aging and the ledger balance on every date', async () => {
    // Before, between and after the payments; the last one leaves an unapplied credit.
    for (const asOf of ['2026-05-31', '2026-06-05', '2026-06-30', '2026-09-15']) {
      const agingResponse = await readonly.request({ url: `/ledger/aging?as_of=${asOf}&client_id=${clientId}` });
      const aging = (agingResponse.json() as { items: AgingItem[] }).items[0]!;
      const ledger = await readonly.request({ url: `/ledger?client_id=${clientId}&to=${asOf}&page_size=100` });
      const ledgerBalance = (ledger.json() as { totals: { balance_cents: number } }).totals.balance_cents;
      expect(aging.balance_cents).toBe(ledgerBalance);

      const text = await statementText(asOf);
      expect(linesAfter(text, 'Balance due', 1)).toEqual([money(ledgerBalance)]);
      const buckets: [string, number][] = [
        ['Current', aging.current_cents],
        ['1-30 days past due', aging.days_1_30_cents],
        ['31-60 days past due', aging.days_31_60_cents],
        ['61-90 days past due', aging.days_61_90_cents],
        ['Over 90 days past due', aging.days_over_90_cents],
        ['Unapplied credit', aging.unapplied_cents],
        ['Balance', aging.balance_cents],
      ];
      for (const [label, cents] of buckets) expect(linesAfter(text, label, 1), label).toEqual([money(cents)]);
    }
    // On 2026-06-30 the $40 paid the January invoice: the rest stay open with their balances.
    const text = await statementText('2026-06-30');
    expect(text).not.toContain(numbers[0]);
    for (const number of numbers.slice(1)) expect(text).toContain(number);
    expect(linesAfter(text, numbers[3]!, 5).slice(-1)).toEqual([money(50_000)]);
    // Everything paid by 2026-09-15: no open invoice, a credit.
    const later = await statementText('2026-09-15');
    expect(later).toContain('No open invoices.');
    expect(linesAfter(later, 'Balance due', 1)).toEqual([money(110_000 - 219_000)]);
  });

  it('shows the firm, the client and any Unicode text as text', async () => {
    const text = await statementText('2026-06-30');
    for (const expected of ['Demo CPA', 'STATEMENT', 'Statement date: June 30, 2026', UNICODE_NAME, 'Aging'])
      expect(text).toContain(expected);
  });

  it('lists the payments of the last 90 days, then those since the last e-mailed statement', async () => {
    const before = await statementText('2026-07-15');
    expect(before).toContain('Payments since April 16, 2026');
    for (const reference of ['CHK-1001', 'CHK-1002', 'WIRE-7']) expect(before).toContain(reference);

    const sent = await admin.request({
      method: 'POST',
      url: `/clients/${clientId}/statement/email`,
      payload: { as_of: '2026-06-05', message: 'Merci — 東京' },
    });
    expectStatus(sent, 202);
    expect(sent.json()).toEqual({ queued: 1, to: ['ap@zoe.example'], as_of: '2026-06-05' });
    const [mail] = await ownerRows<{
      subject: string;
      text_body: string;
      attachments: { filename: string; content_type: string; content_base64: string }[];
    }>(
      testApp,
      sql`select subject, text_body, attachments from mail_outbox where to_address = 'ap@zoe.example' order by id desc limit 1`,
    );
    expect(mail!.subject).toBe('Statement from Demo CPA as of June 5, 2026');
    expect(mail!.text_body).toContain('Merci — 東京');
    expect(mail!.text_body).toContain(`Balance due: ${money(106_000)}.`);
    expect(mail!.attachments[0]).toMatchObject({ content_type: 'application/pdf' });
    expect(mail!.attachments[0]!.filename).toMatch(/^statement-.+-2026-06-05\.pdf$/);
    const attached = pdfText(Buffer.from(mail!.attachments[0]!.content_base64, 'base64'));
    expect(attached).toContain(UNICODE_NAME);
    expect(attached).toContain('CHK-1001');

    const after = await statementText('2026-07-15');
    expect(after).toContain('Payments since the last statement (June 5, 2026)');
    expect(after).not.toContain('CHK-1001');
    expect(after).toContain('CHK-1002');
    expect(after).toContain('WIRE-7');
    // A statement dated on or before the recorded one still looks back 90 days.
    expect(await statementText('2026-06-05')).toContain('Payments since March 7, 2026');

    const recorded = await ownerRows<{ as_of: string; recipients: string[]; balance_cents: string }>(
      testApp,
      sql`select to_char(as_of, 'YYYY-MM-DD') as as_of, recipients, balance_cents::text from client_statements
          where client_id = ${clientId}`,
    );
    expect(recorded).toEqual([{ as_of: '2026-06-05', recipients: ['ap@zoe.example'], balance_cents: '106000' }]);
  });

  it('e-mails to the addresses given, and refuses bad recipients without recording anything', async () => {
    const sent = await admin.request({
      method: 'POST',
      url: `/clients/${clientId}/statement/email`,
      payload: { to: ['a@x.example', 'b@x.example'] },
    });
    expectStatus(sent, 202);
    expect(sent.json()).toMatchObject({ queued: 2, to: ['a@x.example', 'b@x.example'] });

    const count = async () =>
      (await ownerRows<{ n: number }>(testApp, sql`select count(*)::int as n from client_statements`))[0]!.n;
    const statements = await count();
    const bad = await admin.request({
      method: 'POST',
      url: `/clients/${clientId}/statement/email`,
      payload: { to: ['not an address'] },
    });
    expectStatus(bad, 400);
    const noEmail = (await createClient(admin)).id;
    const missing = await admin.request({ method: 'POST', url: `/clients/${noEmail}/statement/email`, payload: {} });
    expectStatus(missing, 400);
    expect(missing.json().details).toEqual({ to: "This client has no invoice e-mail: enter the recipient's address" });
    expectStatus(
      await admin.request({ method: 'POST', url: `/clients/${clientId}/statement/email`, payload: { as_of: 'soon' } }),
      400,
    );
    expect(await count()).toBe(statements);
  });

  it("refuses another firm's client (404), a missing permission (403) and a bad date (400)", async () => {
    expectStatus(await admin.request({ url: `/clients/${foreignClientId}/statement.pdf` }), 404);
    expectStatus(await foreign.request({ url: `/clients/${clientId}/statement.pdf` }), 404);
    expectStatus(
      await admin.request({ method: 'POST', url: `/clients/${foreignClientId}/statement/email`, payload: {} }),
      404,
    );
    const refused = await staff.request({ url: `/clients/${clientId}/statement.pdf` });
    expectStatus(refused, 403);
    expect(refused.json()).toEqual({ error: 'Permission required: can_view_ar_ledger' });
    for (const session of [staff, readonly]) {
      const email = await session.request({ method: 'POST', url: `/clients/${clientId}/statement/email`, payload: {} });
      expectStatus(email, 403);
      expect(email.json()).toEqual({ error: 'Permission required: can_edit_payments' });
    }
    for (const asOf of ['2026-02-30', 'today', '1800-01-01'])
      expectStatus(await admin.request({ url: `/clients/${clientId}/statement.pdf?as_of=${asOf}` }), 400);
    expectStatus(await admin.request({ url: '/clients/abc/statement.pdf' }), 404);
  });

  it('exports the aging as CSV: the same figures, a totals row, formulas neutralised', async () => {
    const formula = (await createClient(admin, { legal_name: '=HYPERLINK("http://x.example")' })).id;
    await issuedInvoice(admin, formula, 1234, { issue_date: '2026-06-01', due_date: '2026-06-01' });
    const asOf = '2026-06-30';
    const aging = (await readonly.request({ url: `/ledger/aging?as_of=${asOf}` })).json() as {
      items: AgingItem[];
      totals: Omit<AgingItem, 'client' | 'client_id'>;
    };
    const response = await readonly.request({ url: `/ledger/aging/export.csv?as_of=${asOf}` });
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="ar-aging.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'client_id,client_name,current,days_1_30,days_31_60,days_61_90,days_over_90,unapplied,balance',
    );
    expect(lines).toHaveLength(1 + aging.items.length + 1);
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    const ours = lines.find((line) => line.includes(UNICODE_NAME))!;
    const item = aging.items.find((candidate) => candidate.client_id === clientId)!;
    expect(ours.split(',').slice(2)).toEqual(
      [
        item.current_cents,
        item.days_1_30_cents,
        item.days_31_60_cents,
        item.days_61_90_cents,
        item.days_over_90_cents,
        item.unapplied_cents,
        item.balance_cents,
      ].map(dollars),
    );
    expect(lines.some((line) => line.includes(`"'=HYPERLINK(""http://x.example"")"`))).toBe(true);
    expect(lines.at(-1)).toBe(
      `TOTAL,All clients as of ${asOf},${[
        aging.totals.current_cents,
        aging.totals.days_1_30_cents,
        aging.totals.days_31_60_cents,
        aging.totals.days_61_90_cents,
        aging.totals.days_over_90_cents,
        aging.totals.unapplied_cents,
        aging.totals.balance_cents,
      ]
        .map(dollars)
        .join(',')}`,
    );
    expect(lines.some((line) => line.startsWith(`${foreignCode},`))).toBe(false);
    expectStatus(await admin.request({ url: '/ledger/aging/export.csv?as_of=someday' }), 400);
    expectStatus(await staff.request({ url: '/ledger/aging/export.csv' }), 403);
  });

  it('draws Unicode text typed by users on the invoice PDF', async () => {
    const draft = await admin.request({
      method: 'POST',
      url: '/invoices',
      payload: {
        client_id: clientId,
        issue_date: '2026-06-01',
        fixed_fees: [{ description: 'Beratung für Zoë — 東京 office €', amount_cents: 5000 }],
        narrative: 'Łukasz: Привет, ΑΒΓ',
      },
    });
    expectStatus(draft, 201);
    const response = await admin.request({ url: `/invoices/${draft.json().id}/pdf` });
    expectStatus(response, 200);
    const text = pdfText(response.rawPayload);
    for (const expected of [UNICODE_NAME, 'Beratung für Zoë — 東京 office €', 'Łukasz: Привет, ΑΒΓ'])
      expect(text).toContain(expected);
    expect(response.rawPayload.length).toBeLessThan(200_000);
  });
  it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
    expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
  });
});
