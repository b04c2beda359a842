import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createClient, expectStatus } from '../../../test/work-records';

type Invoice = {
  id: number;
  number: string;
  status: string;
  display_status: string;
  total_cents: number;
  balance_cents: number;
  payment_history: { kind: string; entry_date: string; method: string | null; amount_cents: number }[];
  organization: { name: string; remit_to: string } | undefined;
};

/** Issue 27 "Money pages": what the invoice page, the list and the PDFs read. */
describe('the money pages of an invoice', () => {
  let testApp: TestApp;
  let admin: Session;
  let readonly: Session;
  let foreign: Session;
  let clientId: number;

  async function issued(amountCents: number, narrative = ''): Promise<Invoice> {
    const draft = await admin.request({
      method: 'POST',
      url: '/invoices',
      payload: {
        client_id: clientId,
        fixed_fees: [{ description: 'Monthly bookkeeping', amount_cents: amountCents }],
        narrative,
      },
    });
    expectStatus(draft, 201);
    const issue = await admin.request({ method: 'POST', url: `/invoices/${draft.json().id}/issue` });
    expectStatus(issue, 200);
    return issue.json();
  }

  const read = async (id: number, session = admin): Promise<Invoice> => {
    const response = await session.request({ url: `/invoices/${id}` });
    expectStatus(response, 200);
    return response.json();
  };

  const listed = async (id: number) => {
    const response = await admin.request({ url: `/invoices?client_id=${clientId}&page_size=100` });
    expectStatus(response, 200);
    return (
      response.json().items as { id: number; status: string; display_status: string; balance_cents: number }[]
    ).find((item) => item.id === id);
  };

  beforeAll(async () => {
    testApp = await createTestApp({ publicUrl: 'http://{org}.practice.test', logLevel: 'error' });
    admin = await signedIn(testApp.app, 'admin');
    readonly = await signedIn(testApp.app, 'readonly');
    foreign = await signedIn(testApp.app, 'nwadmin');
    clientId = (
      await createClient(admin, {
        legal_name: 'Lincoln Hardware LLC',
        address_line1: '12 Elm Street',
        city: 'Springfield',
        region: 'IL',
        postal_code: '62704',
      })
    ).id;
  });
  afterAll(() => testApp.close());

  it('answers a void invoice with a balance of 0, on its page and in the list', async () => {
    const invoice = await issued(132_938);
    expect(invoice.balance_cents).toBe(132_938);
    const voided = await admin.request({
      method: 'POST',
      url: `/invoices/${invoice.id}/void`,
      payload: { reason: 'Billed the wrong client' },
    });
    expectStatus(voided, 200);
    expect(voided.json()).toMatchObject({ status: 'void', balance_cents: 0, total_cents: 132_938 });
    expect(await read(invoice.id)).toMatchObject({ status: 'void', display_status: 'void', balance_cents: 0 });
    expect(await listed(invoice.id)).toMatchObject({ status: 'void', balance_cents: 0 });
    const exported = await admin.request({ url: '/admin/export' });
    expectStatus(exported, 200);
    const rows = strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['invoices.csv']!).split('\r\n');
    const header = rows[0]!.replace(/^\uFEFF/, '').split(',');
    const row = rows.find((line) => line.startsWith(`${invoice.id},`))!.split(',');
    expect(row[header.indexOf('total')]).toBe('1329.38');
    expect(row[header.indexOf('balance')]).toBe('0.00');
  });

  it('carries the firm header in the issue answer itself, as GET does', async () => {
    const invoice = await issued(10_000);
    expect(invoice.organization).toMatchObject({
      name: 'Demo CPA',
      remit_to: expect.stringContaining('Springfield, IL'),
    });
    expect(invoice.organization).toEqual((await read(invoice.id)).organization);
  });

  it('reads Credited when a credit memo reduces or closes the balance, Partial or Paid once a payment is applied', async () => {
    const credited = await issued(50_000);
    const credit = (id: number, amount: number, kind = 'credit-memo') =>
      admin.request({
        method: 'POST',
        url: `/invoices/${id}/${kind}`,
        payload: { amount_cents: amount, reason: 'Discount' },
      });
    const first = await credit(credited.id, 20_000);
    expectStatus(first, 201);
    expect(first.json().invoice).toMatchObject({
      status: 'partial',
      display_status: 'credited',
      balance_cents: 30_000,
    });
    expect(await listed(credited.id)).toMatchObject({ status: 'partial', display_status: 'credited' });
    expectStatus(await credit(credited.id, 30_000), 201);
    expect(await read(credited.id)).toMatchObject({ status: 'paid', display_status: 'credited', balance_cents: 0 });
    expect(await listed(credited.id)).toMatchObject({ status: 'paid', display_status: 'credited' });

    const writtenOff = await issued(7_500);
    expectStatus(await credit(writtenOff.id, 7_500, 'write-off'), 201);
    expect(await read(writtenOff.id)).toMatchObject({ display_status: 'written_off', balance_cents: 0 });
    expect(await listed(writtenOff.id)).toMatchObject({ display_status: 'written_off' });

    const paidAndCredited = await issued(40_000);
    expectStatus(await credit(paidAndCredited.id, 10_000), 201);
    const payment = await admin.request({
      method: 'POST',
      url: '/payments',
      payload: {
        client_id: clientId,
        payment_date: '2026-11-02',
        amount_cents: 5_000,
        method: 'check',
        reference: '1044',
        applications: [{ invoice_id: paidAndCredited.id, amount_cents: 5_000 }],
      },
    });
    expectStatus(payment, 201);
    expect(await read(paidAndCredited.id)).toMatchObject({ status: 'partial', display_status: 'partial' });
    expect(await listed(paidAndCredited.id)).toMatchObject({ display_status: 'partial', balance_cents: 25_000 });
  });

  it("lists the invoice's payment history: payments applied now, credit memos and write-offs, oldest first", async () => {
    const invoice = await issued(90_000);
    const pay = async (date: string, amount: number, method: string) => {
      const response = await admin.request({
        method: 'POST',
        url: '/payments',
        payload: {
          client_id: clientId,
          payment_date: date,
          amount_cents: amount,
          method,
          applications: [{ invoice_id: invoice.id, amount_cents: amount }],
        },
      });
      expectStatus(response, 201);
      return response.json() as { id: number };
    };
    const early = await pay('2026-10-01', 10_000, 'ach');
    await pay('2026-10-15', 20_000, 'card');
    expectStatus(
      await admin.request({
        method: 'POST',
        url: `/invoices/${invoice.id}/credit-memo`,
        payload: { amount_cents: 5_000, reason: 'Loyalty discount' },
      }),
      201,
    );
    const voided = await pay('2026-10-20', 1_000, 'cash');
    expectStatus(
      await admin.request({ method: 'POST', url: `/payments/${voided.id}/void`, payload: { reason: 'Bounced' } }),
      200,
    );
    const view = await read(invoice.id, readonly);
    expect(view.payment_history).toMatchObject([
      { kind: 'payment', entry_date: '2026-10-01', method: 'ach', amount_cents: 10_000, payment_id: early.id },
      { kind: 'payment', entry_date: '2026-10-15', method: 'card', amount_cents: 20_000 },
      { kind: 'credit_memo', method: null, amount_cents: 5_000, reason: 'Loyalty discount' },
    ]);
    expect(view.balance_cents).toBe(55_000);
    expect((await issued(100)).payment_history).toEqual([]);
    expectStatus(await foreign.request({ url: `/invoices/${invoice.id}` }), 404);
  });

  it('prints the narrative before the lines and totals, and the city line with its comma', async () => {
    const invoice = await issued(25_000, 'Bookkeeping for October as agreed in our engagement letter.');
    const response = await admin.request({ url: `/invoices/${invoice.id}/pdf` });
    expectStatus(response, 200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Springfield, IL 62704');
    const narrative = text.indexOf('Bookkeeping for October');
    expect(narrative).toBeGreaterThan(text.indexOf('Lincoln Hardware LLC'));
    expect(narrative).toBeLessThan(text.indexOf('Monthly bookkeeping'));
    expect(narrative).toBeLessThan(text.indexOf('Subtotal'));
  });

  it("gives the statement its own footer, with the firm's contact address, and the city line's comma", async () => {
    const response = await admin.request({ url: `/clients/${clientId}/statement.pdf` });
    expectStatus(response, 200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Questions about this statement: billing@demo-cpa.example');
    expect(text).not.toContain('Questions about this invoice');
    expect(text).toContain('Springfield, IL 62704');
  });
});
