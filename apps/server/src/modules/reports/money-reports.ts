import { sql, type SQL } from 'drizzle-orm';
import type { ReportRow } from '@practice/shared';
import type { Tx } from '../../db/client';
import { rowsOf } from '../ledger/rows';
import { sumFigures } from './ratios';
import { pageOfRows, type PagedRows } from './report-page';
import { monthsBetween, type ReportRequest } from './report-query';

type MonthMoney = {
  month: string;
  billed_cents: number;
  received_cents: number;
  refunded_cents: number;
  net_cents: number;
};

function addMonths(month: string, count: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function daysInMonth(month: string): number {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).getUTCDate();
}

/**
 * Money by month of the firm (report_firm_money_months) or of the filtered clients
 * (report_money_months), from `firstMonth` (YYYY-MM) on, up to the request's last month.
 * net = ledger debits - credits: its running sum is the AR balance.
 */
async function moneyByMonth(tx: Tx, request: ReportRequest, firstMonth: string): Promise<Map<string, MonthMoney>> {
  const filtered = request.clientId !== undefined || request.partnerId !== undefined;
  const conditions: SQL[] = [
    sql`r.organization_id = ${request.organizationId}`,
    sql`r.month between ${`${firstMonth}-01`}::date and ${request.to}::date`,
    ...(request.clientId !== undefined ? [sql`r.client_id = ${request.clientId}`] : []),
    ...(request.partnerId !== undefined ? [sql`c.responsible_partner_id = ${request.partnerId}`] : []),
  ];
  const source = filtered
    ? sql`report_money_months r ${
        request.partnerId !== undefined
          ? sql`join clients c on c.organization_id = r.organization_id and c.id = r.client_id`
          : sql``
      }`
    : sql`report_firm_money_months r`;
  const rows = rowsOf<Record<string, string>>(
    await tx.execute(sql`
      select to_char(r.month, 'YYYY-MM') as month, sum(r.billed_cents) as billed_cents,
        sum(r.received_cents) as received_cents, sum(r.refunded_cents) as refunded_cents,
        sum(r.debit_cents - r.credit_cents) as net_cents
      from ${source} where ${sql.join(conditions, sql` and `)} group by r.month`),
  );
  return new Map(
    rows.map((row) => [
      row.month!,
      {
        month: row.month!,
        billed_cents: Number(row.billed_cents),
        received_cents: Number(row.received_cents),
        refunded_cents: Number(row.refunded_cents),
        net_cents: Number(row.net_cents),
      },
    ]),
  );
}

function monthsOf(request: ReportRequest): string[] {
  const first = request.from.slice(0, 7);
  return Array.from({ length: monthsBetween(request.from, request.to) }, (_, index) => addMonths(first, index));
}

const none = (month: string): MonthMoney => ({
  month,
  billed_cents: 0,
  received_cents: 0,
  refunded_cents: 0,
  net_cents: 0,
});

/** revenue-by-month: billed (invoices issued, not void) and collected (payments received) per month, beside last year's. */
export async function revenueByMonth(tx: Tx, request: ReportRequest): Promise<PagedRows> {
  const months = monthsOf(request);
  const money = await moneyByMonth(tx, request, addMonths(months[0]!, -12));
  const rows: ReportRow[] = months.map((month) => {
    const now = money.get(month) ?? none(month);
    const before = money.get(addMonths(month, -12)) ?? none(month);
    return {
      group: 'month',
      id: month,
      label: month,
      billed_cents: now.billed_cents,
      collected_cents: now.received_cents,
      prior_billed_cents: before.billed_cents,
      prior_collected_cents: before.received_cents,
    };
  });
  return {
    rows: pageOfRows(rows, request),
    totals: sumFigures(rows, ['billed_cents', 'collected_cents', 'prior_billed_cents', 'prior_collected_cents']),
    total: rows.length,
  };
}

/** Days sales outstanding: AR at the end / billed in the days, x days; null when nothing was billed. */
function dso(arCents: number, billedCents: number, days: number): number | null {
  return billedCents > 0 ? Math.round((arCents * days) / billedCents) : null;
}

/** The ledger's balance before the first month: everything dated earlier. */
async function openingBalance(tx: Tx, request: ReportRequest): Promise<number> {
  const filtered = request.clientId !== undefined || request.partnerId !== undefined;
  const [row] = rowsOf<{ balance: string | null }>(
    await tx.execute(
      filtered
        ? sql`select sum(r.debit_cents - r.credit_cents) as balance from report_money_months r
            join clients c on c.organization_id = r.organization_id and c.id = r.client_id
            where r.organization_id = ${request.organizationId} and r.month < ${request.from}::date
              ${request.clientId !== undefined ? sql`and r.client_id = ${request.clientId}` : sql``}
              ${request.partnerId !== undefined ? sql`and c.responsible_partner_id = ${request.partnerId}` : sql``}`
        : sql`select sum(r.debit_cents - r.credit_cents) as balance from report_firm_money_months r
            where r.organization_id = ${request.organizationId} and r.month < ${request.from}::date`,
    ),
  );
  return Number(row?.balance ?? 0);
}

/**
 * collections: payments received and refunds per month, with the AR balance at each month's
 * end (the ledger's running sum) and days sales outstanding = AR at the end / billed in the
 * month x its days; the totals' DSO is over the whole period.
 */
export async function collections(tx: Tx, request: ReportRequest): Promise<PagedRows> {
  const months = monthsOf(request);
  const money = await moneyByMonth(tx, request, months[0]!);
  let balance = await openingBalance(tx, request);
  const rows: ReportRow[] = months.map((month) => {
    const now = money.get(month) ?? none(month);
    balance += now.net_cents;
    return {
      group: 'month',
      id: month,
      label: month,
      received_cents: now.received_cents,
      refunded_cents: now.refunded_cents,
      net_collected_cents: now.received_cents - now.refunded_cents,
      billed_cents: now.billed_cents,
      ar_balance_cents: balance,
      dso_days: dso(balance, now.billed_cents, daysInMonth(month)),
    };
  });
  const sums = sumFigures(rows, ['received_cents', 'refunded_cents', 'net_collected_cents', 'billed_cents']);
  const days = months.reduce((count, month) => count + daysInMonth(month), 0);
  return {
    rows: pageOfRows(rows, request),
    totals: { ...sums, ar_balance_cents: balance, dso_days: dso(balance, sums.billed_cents!, days) },
    total: rows.length,
  };
}
