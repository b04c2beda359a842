import type { z } from 'zod';
import type { Database } from '../../db/client';
import { CSV_EXPORT_MAX_ROWS, toCsv, tooManyRows, type CsvColumn } from '../../lib/csv';
import type { SessionUser } from '../../plugins/route-permission';
import { clientListQuery, listClients, type ClientListItem } from './client-list';

/** GET /clients/export.csv takes the list's search, filters and sort; it has no pages. */
export const clientExportQuery = clientListQuery.omit({ page: true, page_size: true });

const COLUMNS: CsvColumn<ClientListItem>[] = [
  { header: 'client_id', value: (client) => client.client_id },
  { header: 'legal_name', value: (client) => client.legal_name },
  { header: 'dba', value: (client) => client.dba },
  { header: 'entity_type', value: (client) => client.entity_type },
  { header: 'status', value: (client) => client.status },
  { header: 'responsible_partner', value: (client) => client.responsible_partner?.name },
  { header: 'responsible_manager', value: (client) => client.responsible_manager?.name },
  { header: 'tags', value: (client) => client.tags.join('; ') },
  { header: 'bookmarked', value: (client) => client.bookmarked },
];

/** The client list as /clients/manage filters it, as CSV; tax IDs never leave in an export. */
export async function exportClients(
  database: Database,
  actor: SessionUser,
  query: z.infer<typeof clientExportQuery>,
): Promise<string> {
  const page = await listClients(database, actor, { ...query, page: 1, page_size: CSV_EXPORT_MAX_ROWS });
  if (page.total > CSV_EXPORT_MAX_ROWS) throw tooManyRows();
  return toCsv(COLUMNS, page.items);
}
