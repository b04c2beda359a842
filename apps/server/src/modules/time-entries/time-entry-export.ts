import type { z } from 'zod';
import type { Db } from '../../db/client';
import { CSV_EXPORT_MAX_ROWS, decimalHours, dollars, toCsv, tooManyRows, type CsvColumn } from '../../lib/csv';
import type { SessionUser } from '../../plugins/route-permission';
import { listTimeEntries, timeEntryListQuery } from './time-entry-list';
import type { TimeEntryView } from './time-entry-view';

/** GET /time-entries/export.csv takes the list's filters and sort; it has no pages. */
export const timeEntryExportQuery = timeEntryListQuery.omit({ page: true, page_size: true });

const COLUMNS: CsvColumn<TimeEntryView>[] = [
  { header: 'date', value: (entry) => entry.entry_date },
  { header: 'person', value: (entry) => entry.user.name },
  { header: 'client_id', value: (entry) => entry.client.client_id },
  { header: 'client_name', value: (entry) => entry.client.legal_name },
  { header: 'activity_code', value: (entry) => entry.activity_type.code },
  { header: 'activity', value: (entry) => entry.activity_type.name },
  { header: 'narrative', value: (entry) => entry.narrative },
  { header: 'minutes', value: (entry) => entry.minutes },
  { header: 'hours', value: (entry) => decimalHours(entry.minutes) },
  { header: 'billable', value: (entry) => entry.billable },
  { header: 'status', value: (entry) => entry.status },
  { header: 'rate', value: (entry) => dollars(entry.rate_cents) },
  { header: 'amount', value: (entry) => dollars(entry.amount_cents) },
];

/**
 * The filtered list of time entries as CSV, with the list's scope (his own; others' with
 * can_edit_time_entries or can_view_billing).
 */
export async function exportTimeEntries(
  db: Db,
  actor: SessionUser,
  query: z.infer<typeof timeEntryExportQuery>,
): Promise<string> {
  const page = await listTimeEntries(db, actor, { ...query, page: 1, page_size: CSV_EXPORT_MAX_ROWS });
  if (page.total > CSV_EXPORT_MAX_ROWS) throw tooManyRows();
  return toCsv(COLUMNS, page.items);
}
