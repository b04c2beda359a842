import type { Database } from '../../db/client';
import { CSV_EXPORT_MAX_ROWS, decimalHours, dollars, toCsv, tooManyRows, type CsvColumn } from '../../lib/csv';
import type { SessionUser } from '../../plugins/route-permission';
import type { BillingExportQuery } from './billing-query';
import { readBillingTotals, type BillingItem } from './billing-totals';

const COLUMNS: CsvColumn<BillingItem>[] = [
  { header: 'client_id', value: (row) => row.client.client_id },
  { header: 'client_name', value: (row) => row.client.legal_name },
  { header: 'unbilled_hours', value: (row) => decimalHours(row.unbilled_minutes) },
  { header: 'unbilled_minutes', value: (row) => row.unbilled_minutes },
  { header: 'unbilled', value: (row) => dollars(row.unbilled_cents) },
  { header: 'billed', value: (row) => dollars(row.billed_cents) },
  { header: 'collected', value: (row) => dollars(row.collected_cents) },
  { header: 'ar_balance', value: (row) => dollars(row.ar_balance_cents) },
];

/** GET /billing/export.csv: every row GET /billing shows for the same filters and sort, no totals row. */
export async function exportBillingTotals(
  database: Database,
  actor: SessionUser,
  query: BillingExportQuery,
): Promise<string> {
  const answer = await readBillingTotals(database, actor, { ...query, page: 1, page_size: CSV_EXPORT_MAX_ROWS });
  if (answer.total > CSV_EXPORT_MAX_ROWS) throw tooManyRows();
  return toCsv(COLUMNS, answer.items);
}
