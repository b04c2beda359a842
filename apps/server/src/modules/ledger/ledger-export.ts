import { isoDate, recordIdText } from '@practice/shared';
import { z } from 'zod';
import { withTenant, type Db } from '../../db/client';
import { CSV_EXPORT_MAX_ROWS, dollars, toCsv, tooManyRows, type CsvColumn } from '../../lib/csv';
import type { SessionUser } from '../../plugins/route-permission';
import { filtersOf, ledgerEntries, ledgerQuery, type LedgerEntryView } from './ledger-journal';

export const ledgerExportQuery = z.object({
  client_id: z.optional(recordIdText('Client must be a client id')),
  from: z.optional(isoDate('From')),
  to: z.optional(isoDate('To')),
  // The page's kind filter too, so the file holds what the page shows.
  kind: ledgerQuery.shape.kind,
});
export type LedgerExportQuery = z.infer<typeof ledgerExportQuery>;

const COLUMNS: CsvColumn<LedgerEntryView>[] = [
  { header: 'date', value: (row) => row.entry_date },
  { header: 'client_id', value: (row) => row.client.client_id },
  { header: 'client_name', value: (row) => row.client.legal_name },
  { header: 'kind', value: (row) => row.kind },
  { header: 'document', value: (row) => row.document },
  { header: 'debit', value: (row) => dollars(row.debit_cents) },
  { header: 'credit', value: (row) => dollars(row.credit_cents) },
  { header: 'memo', value: (row) => row.memo },
];

/** GET /ledger/export.csv (API.md): the journal rows GET /ledger would list, oldest first, as CSV. */
export async function exportLedger(db: Db, actor: SessionUser, query: LedgerExportQuery): Promise<string> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const rows = await ledgerEntries(tx, filtersOf(organizationId, query), CSV_EXPORT_MAX_ROWS + 1, 0);
    if (rows.length > CSV_EXPORT_MAX_ROWS) throw tooManyRows();
    return toCsv(COLUMNS, rows);
  });
}
