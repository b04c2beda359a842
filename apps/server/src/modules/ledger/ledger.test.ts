import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedInvoice } from '../../../test/money-records';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createClient, expectStatus } from '../../../test/work-records';
import type { AgingItem } from './ledger-aging';
import type { LedgerEntryView } from './ledger-journal';

describe('GET /ledger and /ledger/aging (API.md)', () => {
  let testApp: TestApp;
  let admin: Session;
  let readonly: Session;
  let staff: Session;
  let foreign: Session;
  let clientId: number;
  let foreignClientId: number;

  const pay = (session: Session, payload: Record<string, unknown>) =>
    session.request({ method: 'POST', url: '/payments', payload: { method: 'check', ...payload } });

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'error' });
    admin = await signedIn(testApp.app, 'admin');
    readonly = await signedIn(testApp.app, 'readonly');
    staff = await signedIn(testApp.app, 'staff');
    foreign = await signedIn(testApp.app, 'nwadmin');
    foreignClientId = (await createClient(foreign)).id;
    await issuedInvoice(foreign, foreignClientId, 999, { issue_date: '2026-01-05', due_date: '2026-01-05' });
    clientId = (await createClient(admin, { legal_name: 'Aging Test LLC' })).id;
    // Due 2026-01-31, 2026-03-02, 2026-04-01, 2026-05-01, 2026-06-01.
    await issuedInvoice(admin, clientId, 10_000, { issue_date: '2026-01-01', due_date: '2026-01-31' });
    await issuedInvoice(admin, clientId, 20_000, { issue_date: '2026-02-01', due_date: '2026-03-02' });
    await issuedInvoice(admin, clientId, 30_000, { issue_date: '2026-03-02', due_date: '2026-04-01' });
    await issuedInvoice(admin, clientId, 40_000, { issue_date: '2026-04-01', due_date: '2026-05-01' });
    const last = await issuedInvoice(admin, clientId, 50_000, { issue_date: '2026-05-01', due_date: '2026-06-01' });
    // $40 paid on 2026-05-15, oldest first: the January invoice is paid, the February one not.
    expectStatus(await pay(admin, { client_id: clientId, amount_cents: 4000, payment_date: '2026-05-15' }), 201);
    // $150 on 2026-06-10, $20 of it on the last invoice, the rest unapplied credit.
    expectStatus(
      await pay(admin, {
        client_id: clientId,
        amount_cents: 15_000,
        payment_date: '2026-06-10',
        applications: [{ invoice_id: last.id, amount_cents: 2000 }],
      }),
      201,
    );
    const memo = await admin.request({
      method: 'POST',
      url: `/invoices/${last.id}/credit-memo`,
      payload: { amount_cents: 1000, reason: 'Goodwill' },
    });
    expectStatus(memo, 201);
  });
  afterAll(() => testApp.close());

  it('answers the journal oldest first with the running balance and totals', async () => {
    const response = await readonly.request({ url: `/ledger?client_id=${clientId}` });
    expectStatus(response, 200);
    const body = response.json() as { items: LedgerEntryView[]; totals: Record<string, number>; total: number };
    expect(body.items.map((row) => [row.kind, row.debit_cents, row.credit_cents, row.balance_cents])).toEqual([
      ['invoice', 10_000, 0, 10_000],
      ['invoice', 20_000, 0, 30_000],
      ['invoice', 30_000, 0, 60_000],
      ['invoice', 40_000, 0, 100_000],
      ['invoice', 50_000, 0, 150_000],
      ['payment', 0, 4000, 146_000],
      ['payment', 0, 15_000, 131_000],
      ['credit_memo', 0, 1000, 130_000],
    ]);
    expect(body.totals).toEqual({ debit_cents: 150_000, credit_cents: 20_000, balance_cents: 130_000 });
    expect(body.items[0]).toMatchObject({ client_id: clientId, client: { legal_name: 'Aging Test LLC' } });
    const payments = await admin.request({ url: `/ledger?client_id=${clientId}&kind=payment&from=2026-06-01` });
    const filtered = payments.json() as { items: LedgerEntryView[]; opening_balance_cents: number };
    expect(filtered.items.map((row) => row.balance_cents)).toEqual([131_000]);
    expect(filtered.opening_balance_cents).toBe(146_000);
    const firm = await admin.request({ url: '/ledger?page_size=100' });
    expect((firm.json().items as LedgerEntryView[]).some((row) => row.client_id === foreignClientId)).toBe(false);
  });

  it('refuses bad filters (400) and users without can_view_ar_ledger (403)', async () => {
    expectStatus(await admin.request({ url: '/ledger?kind=gift' }), 400);
    expectStatus(await admin.request({ url: '/ledger?from=2026-02-31' }), 400);
    expectStatus(await admin.request({ url: '/ledger/aging?as_of=yesterday' }), 400);
    expectStatus(await admin.request({ url: '/ledger/aging?client_id=-1' }), 400);
    const refused = await staff.request({ url: '/ledger' });
    expectStatus(refused, 403);
    expect(refused.json()).toEqual({ error: 'Permission required: can_view_ar_ledger' });
    expectStatus(await staff.request({ url: '/ledger/aging' }), 403);
    const theirs = await admin.request({ url: `/ledger?client_id=${foreignClientId}` });
    expect(theirs.json().items).toEqual([]);
  });

  it('ages open balances by days past due as of a date, from what was dated by then only', async () => {
    const aging = async (asOf: string) => {
      const response = await readonly.request({ url: `/ledger/aging?as_of=${asOf}&client_id=${clientId}` });
      expectStatus(response, 200);
      return (response.json() as { items: AgingItem[] }).items[0];
    };
    // 2026-06-05: the $40 of 2026-05-15 went to the January invoice; nothing dated later counts.
    expect(await aging('2026-06-05')).toMatchObject({
      current_cents: 0,
      days_1_30_cents: 50_000,
      days_31_60_cents: 40_000,
      days_61_90_cents: 30_000,
      days_over_90_cents: 6000 + 20_000,
      unapplied_cents: 0,
      balance_cents: 146_000,
    });
    // 2026-05-31: the May invoice is current, the payment of 2026-05-15 already counts.
    expect(await aging('2026-05-31')).toMatchObject({
      current_cents: 50_000,
      days_1_30_cents: 40_000,
      days_31_60_cents: 30_000,
      // Due 2026-03-02: exactly 90 days late.
      days_61_90_cents: 20_000,
      days_over_90_cents: 6000,
      balance_cents: 146_000,
    });
    // Far ahead: everything over 90 days, the credit memo (dated today) and the $130 credit count.
    expect(await aging('2999-12-31')).toMatchObject({
      days_over_90_cents: 6000 + 20_000 + 30_000 + 40_000 + 47_000,
      unapplied_cents: -13_000,
      balance_cents: 130_000,
    });
    // Before anything was issued there is no balance, so no row.
    expect(await aging('2025-12-31')).toBeUndefined();
    const ledger = await admin.request({ url: `/ledger?client_id=${clientId}&to=2026-06-05` });
    expect(ledger.json().totals.balance_cents).toBe(146_000);
    const firm = await admin.request({ url: '/ledger/aging?as_of=2999-12-31' });
    const body = firm.json() as { items: AgingItem[]; totals: AgingItem };
    expect(body.items.some((item) => item.client_id === foreignClientId)).toBe(false);
    expect(body.totals.balance_cents).toBe(body.items.reduce((sum, item) => sum + item.balance_cents, 0));
    // A list as API.md's lists are: pages of clients by name, totals of every client with a balance.
    const byName = (items: AgingItem[]) => items.map((item) => item.client_id);
    for (const asOf of ['2999-12-31', '2026-06-05']) {
      const all = (await admin.request({ url: `/ledger/aging?as_of=${asOf}&page_size=100` })).json();
      expect(all.total).toBe(all.items.length);
      const second = await admin.request({ url: `/ledger/aging?as_of=${asOf}&page=2&page_size=1` });
      expectStatus(second, 200);
      expect(second.json()).toMatchObject({ page: 2, page_size: 1, total: all.total, totals: all.totals });
      expect(byName(second.json().items)).toEqual(byName(all.items).slice(1, 2));
    }
    expectStatus(await admin.request({ url: '/ledger/aging?page_size=101' }), 400);
  });

  it('exports the journal as CSV (API.md columns, dollars, formulas neutralised)', async () => {
    const response = await readonly.request({ url: `/ledger/export.csv?client_id=${clientId}&to=2026-05-31` });
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('date,client_id,client_name,kind,document,debit,credit,memo');
    expect(lines).toHaveLength(1 + 6);
    expect(lines[1]).toMatch(/^2026-01-01,[^,]+,Aging Test LLC,invoice,[^,]+,100\.00,0\.00,$/);
    expect(lines[6]).toMatch(/^2026-05-15,[^,]+,Aging Test LLC,payment,check,0\.00,40\.00,$/);
    const payments = await readonly.request({ url: `/ledger/export.csv?client_id=${clientId}&kind=payment` });
    expect(
      payments.body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[3]),
    ).toEqual(['payment', 'payment']);
    expectStatus(await admin.request({ url: '/ledger/export.csv?kind=gift' }), 400);
    expectStatus(await admin.request({ url: '/ledger/export.csv?from=someday' }), 400);
    expectStatus(await staff.request({ url: '/ledger/export.csv' }), 403);
    const theirs = await admin.request({ url: `/ledger/export.csv?client_id=${foreignClientId}` });
    expect(
      theirs.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});
