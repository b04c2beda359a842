import { clientListPath, type ClientListQuery } from './list-clients';

/** GET /clients/export.csv with the list's search, filters and sort, without its page (docs/decisions/0107). */
export function clientExportPath(query: ClientListQuery): string {
  const params = new URLSearchParams(clientListPath(query).split('?')[1]);
  params.delete('page');
  params.delete('page_size');
  return `/clients/export.csv?${params.toString()}`;
}
