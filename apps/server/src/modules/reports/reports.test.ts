import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { createOrganization, createUser } from '../organizations/organization.service';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createActivityType, createClient, createTimeEntry, expectStatus } from '../../../test/work-records';

/**
 * The formulas of PRODUCT.md on a small firm built by hand. Every expected figure below is
 * worked out in the comments, not computed by the code under test.
 *
 * Ada (partner, admin) and Bo (staff); Tax at $200/h, Bookkeeping at $100/h.
 * Acme Co (partner Ada), Birch LLC (no partner). Entries:
 *   e1 Ada  Acme  Tax  2026-01-10 120 min billable   $400.00
 *   e2 Ada  Birch Tax  2026-01-12  60 min non-billable ($200.00, no standard value)
 *   e3 Bo   Acme  Bkp  2026-01-15  90 min billable   $150.00
 *   e4 Bo   Birch Bkp  2026-02-03 180 min billable   $300.00
 *   e5 Bo   Acme  Tax  2026-02-20  30 min billable   $100.00 (stays in WIP)
 * I1 Acme, e1 + e3 ($550) billed $500 on 2026-01-31 (due that day): e1 $363.64 (-$36.36),
 *   e3 $136.36 (-$13.64) (500 x 400/550 = 363.636 -> 363.63, 136.36, remainder 1 cent on e1).
 * I2 Birch, e4 ($300) billed $330 on 2026-02-28: +$30.
 * Acme pays $200 on 2026-02-10 (to I1); Birch pays $350 on 2026-03-05 ($330 to I2, $20 credit)
 * and gets $5 back on 2026-03-20.
 */
describe('GET /reports/{name}: the formulas on a hand-built firm', () => {
  let testApp: TestApp;
  let ada: Session;
  let bo: Session;
  let adaId: number;
  let boId: number;
  let acme: number;
  let birch: number;
  let tax: number;
  let bookkeeping: number;

  const report = async (path: string) => {
    const response = await ada.request({ url: `/reports/${path}` });
    expectStatus(response, 200);
    return response.json() as {
      rows: Array<Record<string, unknown>>;
      totals: Record<string, unknown>;
      total: number;
      page: number;
      page_size: number;
      sort: string;
      order: string;
    };
  };
  const byLabel = (rows: Array<Record<string, unknown>>) =>
    Object.fromEntries(rows.map(({ group: _group, id: _id, label, code: _code, ...figures }) => [label, figures]));

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'error' });
    const { db } = testApp.context.database;
    const organizationId = await createOrganization(db, { name: 'Ledgerwood CPAs', subdomain: 'ledgerwood' });
    adaId = await createUser(db, organizationId, {
      username: 'rptada',
      email: 'ada@ledgerwood.example',
      firstName: 'Ada',
      lastName: 'Partner',
      roleName: 'admin',
      standardRateCents: 20_000,
      password: DEMO_PASSWORD,
    });
    boId = await createUser(db, organizationId, {
      username: 'rptbo',
      email: 'bo@ledgerwood.example',
      firstName: 'Bo',
      lastName: 'Staff',
      roleName: 'staff',
      standardRateCents: 10_000,
      password: DEMO_PASSWORD,
    });
    ada = await signedIn(testApp.app, 'rptada');
    bo = await signedIn(testApp.app, 'rptbo');
    tax = (await createActivityType(ada, { name: 'Tax', default_rate_cents: 20_000 })).id;
    bookkeeping = (await createActivityType(ada, { name: 'Bookkeeping', default_rate_cents: 10_000 })).id;
    acme = (await createClient(ada, { legal_name: 'Acme Co', responsible_partner_id: adaId })).id;
    birch = (await createClient(ada, { legal_name: 'Birch LLC' })).id;
    const entry = (
      session: Session,
      client: number,
      activity: number,
      date: string,
      minutes: number,
      billable = true,
    ) =>
      createTimeEntry(session, {
        client_id: client,
        activity_type_id: activity,
        entry_date: date,
        minutes,
        billable,
        status: 'completed',
      });
    const e1 = await entry(ada, acme, tax, '2026-01-10', 120);
    await entry(ada, birch, tax, '2026-01-12', 60, false);
    const e3 = await entry(bo, acme, bookkeeping, '2026-01-15', 90);
    const e4 = await entry(bo, birch, bookkeeping, '2026-02-03', 180);
    const e5 = await entry(bo, acme, tax, '2026-02-20', 30);
    expect([e1.amount_cents, e3.amount_cents, e4.amount_cents, e5.amount_cents]).toEqual([
      40_000, 15_000, 30_000, 10_000,
    ]);
    const bill = async (client: number, ids: number[], billCents: number, date: string) => {
      const draft = await ada.request({
        method: 'POST',
        url: '/invoices',
        payload: {
          client_id: client,
          time_entry_ids: ids,
          expense_ids: [],
          bill_cents: billCents,
          write_reason: 'Agreed fee',
          issue_date: date,
          due_date: date,
        },
      });
      expectStatus(draft, 201);
      expectStatus(await ada.request({ method: 'POST', url: `/invoices/${draft.json().id}/issue` }), 200);
    };
    await bill(acme, [e1.id, e3.id], 50_000, '2026-01-31');
    await bill(birch, [e4.id], 33_000, '2026-02-28');
    const pay = async (client: number, cents: number, date: string) =>
      expectStatus(
        await ada.request({
          method: 'POST',
          url: '/payments',
          payload: { client_id: client, amount_cents: cents, payment_date: date, method: 'check' },
        }),
        201,
      );
    await pay(acme, 20_000, '2026-02-10');
    await pay(birch, 35_000, '2026-03-05');
    expectStatus(
      await ada.request({
        method: 'POST',
        url: `/clients/${birch}/refunds`,
        payload: { refund_date: '2026-03-20', amount_cents: 500, method: 'check' },
      }),
      201,
    );
  });
  afterAll(() => testApp.close());

  it('time-summary: hours, billable hours and standard value by client, staff, activity and partner', async () => {
    const period = 'from=2026-01-01&to=2026-02-28';
    const byClient = await report(`time-summary?${period}&group_by=client`);
    expect(byClient.rows.map((row) => row.code !== undefined)).toEqual([true, true]);
    expect(byLabel(byClient.rows)).toEqual({
      'Acme Co': { minutes: 240, billable_minutes: 240, non_billable_minutes: 0, standard_cents: 65_000 },
      'Birch LLC': { minutes: 240, billable_minutes: 180, non_billable_minutes: 60, standard_cents: 30_000 },
    });
    expect(byClient.totals).toEqual({
      minutes: 480,
      billable_minutes: 420,
      non_billable_minutes: 60,
      standard_cents: 95_000,
    });
    expect(byLabel((await report(`time-summary?${period}&group_by=staff`)).rows)).toEqual({
      'Ada Partner': { minutes: 180, billable_minutes: 120, non_billable_minutes: 60, standard_cents: 40_000 },
      'Bo Staff': { minutes: 300, billable_minutes: 300, non_billable_minutes: 0, standard_cents: 55_000 },
    });
    expect(byLabel((await report(`time-summary?${period}&group_by=activity`)).rows)).toEqual({
      Tax: { minutes: 210, billable_minutes: 150, non_billable_minutes: 60, standard_cents: 50_000 },
      Bookkeeping: { minutes: 270, billable_minutes: 270, non_billable_minutes: 0, standard_cents: 45_000 },
    });
    expect(byLabel((await report(`time-summary?${period}&group_by=partner`)).rows)).toEqual({
      'Ada Partner': { minutes: 240, billable_minutes: 240, non_billable_minutes: 0, standard_cents: 65_000 },
      'No responsible partner': {
        minutes: 240,
        billable_minutes: 180,
        non_billable_minutes: 60,
        standard_cents: 30_000,
      },
    });
    // Bo's time only, by client; and January alone.
    expect(byLabel((await report(`time-summary?${period}&group_by=client&staff_id=${boId}`)).rows)).toEqual({
      'Acme Co': { minutes: 120, billable_minutes: 120, non_billable_minutes: 0, standard_cents: 25_000 },
      'Birch LLC': { minutes: 180, billable_minutes: 180, non_billable_minutes: 0, standard_cents: 30_000 },
    });
    expect(byLabel((await report('time-summary?from=2026-01-01&to=2026-01-31&group_by=client')).rows)).toEqual({
      'Acme Co': { minutes: 210, billable_minutes: 210, non_billable_minutes: 0, standard_cents: 55_000 },
      'Birch LLC': { minutes: 60, billable_minutes: 0, non_billable_minutes: 60, standard_cents: 0 },
    });
    expect(byLabel((await report(`time-summary?${period}&group_by=activity&partner_id=${adaId}`)).rows)).toEqual({
      Tax: { minutes: 150, billable_minutes: 150, non_billable_minutes: 0, standard_cents: 50_000 },
      Bookkeeping: { minutes: 90, billable_minutes: 90, non_billable_minutes: 0, standard_cents: 15_000 },
    });
  });

  it('utilization: billable hours over 40 h a week pro-rated by the days of January', async () => {
    // 2,400 min x 31 / 7 = 10,628.57 -> 10,629 each. Ada 120 / 10,629 = 1.13 %, Bo 90 / 10,629 = 0.85 %.
    const body = await report('utilization?from=2026-01-01&to=2026-01-31');
    expect(byLabel(body.rows)).toEqual({
      'Ada Partner': { available_minutes: 10_629, minutes: 180, billable_minutes: 120, utilization_bp: 113 },
      'Bo Staff': { available_minutes: 10_629, minutes: 90, billable_minutes: 90, utilization_bp: 85 },
    });
    // 210 / 21,258 = 0.99 %.
    expect(body.totals).toEqual({ available_minutes: 21_258, minutes: 270, billable_minutes: 210, utilization_bp: 99 });
  });

  it('realization: billed / standard with write-ups and write-downs, collected / billed', async () => {
    const period = 'from=2026-01-01&to=2026-03-31';
    // Acme: $550 standard, $500 billed (9,090.9 bp), $200 collected (4,000 bp).
    // Birch: $300 standard, $330 billed (11,000 bp), $330 collected of its fees (10,000 bp).
    const acmeFigures = {
      standard_cents: 55_000,
      billed_cents: 50_000,
      write_up_cents: 0,
      write_down_cents: 5000,
      collected_cents: 20_000,
      realization_bp: 9091,
      collection_bp: 4000,
    };
    const birchFigures = {
      standard_cents: 30_000,
      billed_cents: 33_000,
      write_up_cents: 3000,
      write_down_cents: 0,
      collected_cents: 33_000,
      realization_bp: 11_000,
      collection_bp: 10_000,
    };
    expect(byLabel((await report(`realization?${period}&group_by=client`)).rows)).toEqual({
      'Acme Co': acmeFigures,
      'Birch LLC': birchFigures,
    });
    // By partner, the default (the partner months of migration 0051): Acme is Ada's, Birch no one's.
    expect(byLabel((await report(`realization?${period}`)).rows)).toEqual({
      'Ada Partner': acmeFigures,
      'No responsible partner': birchFigures,
    });
    // A client's partner changed through its edit moves its figures to the new partner, and back.
    const setBirchPartner = async (partner: number | null) => {
      const current = (await ada.request({ url: `/clients/${birch}` })).json();
      const edited = await ada.request({
        method: 'PUT',
        url: `/clients/${birch}`,
        payload: {
          client_id: current.client_id,
          legal_name: current.legal_name,
          entity_type: current.entity_type,
          responsible_partner_id: partner,
          version: current.version,
        },
      });
      expectStatus(edited, 200);
    };
    await setBirchPartner(adaId);
    // $850 standard, $830 billed (9,765 bp), $530 collected (6,386 bp).
    expect(byLabel((await report(`realization?${period}`)).rows)).toEqual({
      'Ada Partner': {
        standard_cents: 85_000,
        billed_cents: 83_000,
        write_up_cents: 3000,
        write_down_cents: 5000,
        collected_cents: 53_000,
        realization_bp: 9765,
        collection_bp: 6386,
      },
    });
    await setBirchPartner(null);
    expect(byLabel((await report(`realization?${period}`)).rows)).toEqual({
      'Ada Partner': acmeFigures,
      'No responsible partner': birchFigures,
    });
    // The $200 on I1 spread by line: 200 x 363.64/500 = 145.456 -> 145.45, 54.54, remainder on e1.
    const byStaff = await report(`realization?${period}&group_by=staff`);
    expect(byLabel(byStaff.rows)).toEqual({
      'Ada Partner': {
        standard_cents: 40_000,
        billed_cents: 36_364,
        write_up_cents: 0,
        write_down_cents: 3636,
        collected_cents: 14_546,
        realization_bp: 9091,
        collection_bp: 4000,
      },
      'Bo Staff': {
        standard_cents: 45_000,
        billed_cents: 46_636,
        write_up_cents: 3000,
        write_down_cents: 1364,
        collected_cents: 38_454,
        realization_bp: 10_364,
        collection_bp: 8246,
      },
    });
    // 830 / 850 = 97.65 %; 530 / 830 = 63.86 %.
    expect(byStaff.totals).toEqual({
      standard_cents: 85_000,
      billed_cents: 83_000,
      write_up_cents: 3000,
      write_down_cents: 5000,
      collected_cents: 53_000,
      realization_bp: 9765,
      collection_bp: 6386,
    });
  });

  it('revenue-by-month: billed and collected per month beside the year before', async () => {
    const body = await report('revenue-by-month?from=2026-01-01&to=2026-03-31');
    expect(body.rows.map((row) => [row.label, row.billed_cents, row.collected_cents, row.prior_billed_cents])).toEqual([
      ['2026-01', 50_000, 0, 0],
      ['2026-02', 33_000, 20_000, 0],
      ['2026-03', 0, 35_000, 0],
    ]);
    expect(body.totals).toEqual({
      billed_cents: 83_000,
      collected_cents: 55_000,
      prior_billed_cents: 0,
      prior_collected_cents: 0,
    });
    // A year on, this year's months are last year's.
    const later = await report('revenue-by-month?from=2027-02-01&to=2027-02-28');
    expect(later.rows).toEqual([
      expect.objectContaining({
        label: '2027-02',
        billed_cents: 0,
        prior_billed_cents: 33_000,
        prior_collected_cents: 20_000,
      }),
    ]);
  });

  it('collections: received, refunds, AR at each month end and days sales outstanding', async () => {
    const body = await report('collections?from=2026-01-01&to=2026-03-31');
    // AR: Jan 500; Feb 500 + 330 - 200 = 630; Mar 630 - 350 + 5 = 285.
    // DSO: Jan 500 x 31 / 500 = 31; Feb 630 x 28 / 330 = 53.45 -> 53; Mar nothing billed.
    expect(
      body.rows.map((row) => [
        row.label,
        row.received_cents,
        row.refunded_cents,
        row.billed_cents,
        row.ar_balance_cents,
        row.dso_days,
      ]),
    ).toEqual([
      ['2026-01', 0, 0, 50_000, 50_000, 31],
      ['2026-02', 20_000, 0, 33_000, 63_000, 53],
      ['2026-03', 35_000, 500, 0, 28_500, null],
    ]);
    // The quarter: 285 x 90 / 830 = 30.9 -> 31.
    expect(body.totals).toEqual({
      received_cents: 55_000,
      refunded_cents: 500,
      net_collected_cents: 54_500,
      billed_cents: 83_000,
      ar_balance_cents: 28_500,
      dso_days: 31,
    });
    const acmeOnly = await report(`collections?from=2026-02-01&to=2026-02-28&client_id=${acme}`);
    // Acme's balance before February is I1's $500; less its $200.
    expect(acmeOnly.totals).toMatchObject({ received_cents: 20_000, ar_balance_cents: 30_000, dso_days: null });
  });

  it('ar-aging: the figures of GET /ledger/aging as of the date, by client or partner', async () => {
    // On 2026-03-31 I1 ($300 left) is 59 days past due; Birch has $15 of credit.
    const body = await report('ar-aging?to=2026-03-31&group_by=client');
    expect(byLabel(body.rows)).toEqual({
      'Acme Co': {
        current_cents: 0,
        days_1_30_cents: 0,
        days_31_60_cents: 30_000,
        days_61_90_cents: 0,
        days_over_90_cents: 0,
        unapplied_cents: 0,
        balance_cents: 30_000,
      },
      'Birch LLC': {
        current_cents: 0,
        days_1_30_cents: 0,
        days_31_60_cents: 0,
        days_61_90_cents: 0,
        days_over_90_cents: 0,
        unapplied_cents: -1500,
        balance_cents: -1500,
      },
    });
    const ledger = await ada.request({ url: '/ledger/aging?as_of=2026-03-31' });
    expect(body.totals).toEqual(ledger.json().totals);
    const byPartner = await report('ar-aging?to=2026-03-31&group_by=partner');
    expect(byLabel(byPartner.rows)).toMatchObject({
      'Ada Partner': { days_31_60_cents: 30_000, balance_cents: 30_000 },
      'No responsible partner': { unapplied_cents: -1500, balance_cents: -1500 },
    });
    expect(byPartner.totals).toEqual(ledger.json().totals);
  });

  it('wip-aging: unbilled billable work by its age on the date', async () => {
    // Only e5 ($100, 2026-02-20) is unbilled and billable: 39 days old on 2026-03-31, 5 on 2026-02-25.
    const wip = {
      days_0_30_cents: 0,
      days_31_60_cents: 10_000,
      days_61_90_cents: 0,
      days_over_90_cents: 0,
      wip_cents: 10_000,
    };
    expect(byLabel((await report('wip-aging?to=2026-03-31&group_by=client')).rows)).toEqual({ 'Acme Co': wip });
    expect(byLabel((await report('wip-aging?to=2026-03-31&group_by=staff')).rows)).toEqual({ 'Bo Staff': wip });
    expect((await report('wip-aging?to=2026-02-25')).totals).toEqual({
      ...wip,
      days_0_30_cents: 10_000,
      days_31_60_cents: 0,
    });
    expect((await report('wip-aging?to=2026-02-19')).rows).toEqual([]);
  });

  it('format=csv: the same rows and the totals, money in dollars and time in hours', async () => {
    const response = await ada.request({
      url: '/reports/time-summary?from=2026-01-01&to=2026-02-28&group_by=client&format=csv',
    });
    expectStatus(response, 200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('client_id,client,hours,billable_hours,non_billable_hours,standard');
    expect(lines.slice(1).map((line) => line.split(',').slice(1).join(','))).toEqual([
      'Acme Co,4.00,4.00,0.00,650.00',
      'Birch LLC,4.00,3.00,1.00,300.00',
      'Total,8.00,7.00,1.00,950.00',
    ]);
    // Every row whatever the page, in the order asked for.
    const paged = await ada.request({
      url: '/reports/time-summary?from=2026-01-01&to=2026-02-28&group_by=client&format=csv&page_size=1&sort=minutes&order=desc&page=2',
    });
    expect(
      paged.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[1]),
    ).toEqual(['Acme Co', 'Birch LLC', 'Total']);
  });

  it('pages the rows in the order asked for, with the totals and count of every row', async () => {
    const labels = (body: { rows: Array<Record<string, unknown>> }) => body.rows.map((row) => row.label);
    const timeTotals = { minutes: 480, billable_minutes: 420, non_billable_minutes: 60, standard_cents: 95_000 };
    // Acme $650 of standard value, Birch $300: largest first, one row a page.
    const path =
      'time-summary?from=2026-01-01&to=2026-12-31&group_by=client&sort=standard_cents&order=desc&page_size=1';
    const first = await report(path);
    expect(first).toMatchObject({ total: 2, page: 1, page_size: 1, sort: 'standard_cents', order: 'desc' });
    expect(labels(first)).toEqual(['Acme Co']);
    expect(first.totals).toEqual(timeTotals);
    const second = await report(`${path}&page=2`);
    expect(labels(second)).toEqual(['Birch LLC']);
    expect(second.totals).toEqual(timeTotals);
    const past = await report(`${path}&page=3`);
    expect(past).toMatchObject({ rows: [], total: 2, totals: timeTotals });
    // The default: by label A to Z, up to 500 rows; descending reverses it.
    expect(await report('time-summary?from=2026-01-01&to=2026-02-28&group_by=staff')).toMatchObject({
      page: 1,
      page_size: 500,
      sort: 'label',
      order: 'asc',
    });
    expect(labels(await report('time-summary?from=2026-01-01&to=2026-02-28&group_by=client&order=desc'))).toEqual([
      'Birch LLC',
      'Acme Co',
    ]);
    // Ratios sort too: realization Acme 90.91 % < Birch 110 %; utilization Ada 1.13 % > Bo 0.85 %.
    const realized = await report('realization?from=2026-01-01&to=2026-03-31&group_by=client&sort=realization_bp');
    expect(labels(realized)).toEqual(['Acme Co', 'Birch LLC']);
    const used = await report('utilization?from=2026-01-01&to=2026-01-31&sort=utilization_bp&order=desc&page_size=1');
    expect(labels(used)).toEqual(['Ada Partner']);
    expect(used).toMatchObject({ total: 2, totals: { billable_minutes: 210, utilization_bp: 99 } });
    // Months page as rows do; the aging pages by name as GET /ledger/aging does, or by a figure.
    const months = await report('collections?from=2026-01-01&to=2026-03-31&sort=received_cents&order=desc&page_size=2');
    expect(labels(months)).toEqual(['2026-03', '2026-02']);
    expect(months).toMatchObject({ total: 3, totals: { received_cents: 55_000 } });
    const aged = await report('ar-aging?to=2026-03-31&page=2&page_size=1');
    expect(aged).toMatchObject({ total: 2, totals: { balance_cents: 28_500 } });
    expect(labels(aged)).toEqual(['Birch LLC']);
    expect(labels(await report('ar-aging?to=2026-03-31&sort=balance_cents&page_size=1'))).toEqual(['Birch LLC']);
  });

  it('reads whole calendar years from the year rollups and the months around them from the month rollups', async () => {
    // The same entries (all in January and February 2026) over periods cut differently.
    const expected = {
      'Acme Co': { minutes: 240, billable_minutes: 240, non_billable_minutes: 0, standard_cents: 65_000 },
      'Birch LLC': { minutes: 240, billable_minutes: 180, non_billable_minutes: 60, standard_cents: 30_000 },
    };
    for (const period of [
      'from=2026-01-01&to=2026-12-31',
      'from=2025-12-01&to=2027-01-31',
      'from=2025-01-01&to=2026-12-31',
    ]) {
      expect(byLabel((await report(`time-summary?${period}&group_by=client`)).rows), period).toEqual(expected);
      expect((await report(`time-summary?${period}&group_by=activity`)).totals, period).toMatchObject({ minutes: 480 });
    }
    // A year that ends before the bills: nothing; one that holds them: both invoices.
    expect((await report('realization?from=2025-01-01&to=2025-12-31')).rows).toEqual([]);
    expect((await report('realization?from=2026-01-01&to=2026-12-31&group_by=staff')).totals).toMatchObject({
      standard_cents: 85_000,
      billed_cents: 83_000,
      collected_cents: 53_000,
    });
    // Utilization over the year: 2,400 min x 365 / 7 = 125,142.86 -> 125,143 each.
    const year = await report('utilization?from=2026-01-01&to=2026-12-31');
    expect(year.totals).toEqual({
      available_minutes: 250_286,
      minutes: 480,
      billable_minutes: 420,
      utilization_bp: 17,
    });
  });

  it("bad input is 400, another firm's client 404, no permission 403", async () => {
    const bad = [
      'time-summary?from=2026-01-02&to=2026-01-31',
      'time-summary?from=2026-02-01&to=2026-01-31',
      'time-summary?from=2026-01-01&to=2026-01-30',
      'time-summary?from=2020-01-01&to=2026-01-31',
      'time-summary?from=2026-13-01&to=2026-01-31',
      'time-summary?group_by=month',
      'utilization?group_by=client',
      `revenue-by-month?staff_id=${boId}`,
      'time-summary?client_id=abc',
      'time-summary?format=pdf',
      'profit?from=2026-01-01&to=2026-01-31',
      'time-summary?sort=balance_cents',
      'time-summary?sort=group_id',
      'time-summary?order=up',
      'time-summary?page_size=501',
      'time-summary?page=0',
    ];
    for (const path of bad) {
      const response = await ada.request({ url: `/reports/${path}` });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error, path).toEqual(expect.any(String));
    }
    const foreign = await signedIn(testApp.app, 'admin');
    const theirs = await foreign.request({ url: `/reports/time-summary?client_id=${acme}` });
    expect(theirs.statusCode).toBe(404);
    const staff = await bo.request({ url: '/reports/time-summary' });
    expect(staff.statusCode).toBe(403);
    expect(tax + bookkeeping).toBeGreaterThan(0);
  });

  it('a client whose time was all deleted is no row, and not counted, in a page by name', async () => {
    // Cedar's only entry, deleted: its rollup rows of January and of 2026 stay with 0 entries.
    const cedar = (await createClient(ada, { legal_name: 'Cedar Ltd' })).id;
    const gone = await createTimeEntry(ada, {
      client_id: cedar,
      activity_type_id: tax,
      entry_date: '2026-01-20',
      minutes: 60,
      billable: true,
      status: 'completed',
    });
    expectStatus(await ada.request({ method: 'DELETE', url: `/time-entries/${gone.id}` }), 204);
    for (const period of ['from=2026-01-01&to=2026-01-31', 'from=2026-01-01&to=2026-12-31']) {
      for (const order of ['asc', 'desc']) {
        const body = await report(`time-summary?${period}&order=${order}`);
        expect(
          body.rows.map((row) => row.label),
          period,
        ).toEqual(order === 'asc' ? ['Acme Co', 'Birch LLC'] : ['Birch LLC', 'Acme Co']);
        expect(body.total, period).toBe(2);
      }
    }
    // One row a page: the page by name walks clients, Cedar first from Z to A, and skips it.
    const last = await report('time-summary?from=2026-01-01&to=2026-01-31&order=desc&page_size=1');
    expect(last.rows.map((row) => row.label)).toEqual(['Birch LLC']);
    expect(last.total).toBe(2);
    const second = await report('time-summary?from=2026-01-01&to=2026-01-31&page_size=1&page=2');
    expect(second.rows.map((row) => row.label)).toEqual(['Birch LLC']);
    expect(second).toMatchObject({ total: 2, totals: { minutes: 270, standard_cents: 55_000 } });
  });
});
