import type { SearchResult } from '@practice/shared';
import { dayOf } from './rows';

/** A client found by search_view (migration 0052): by code, legal name or DBA, or by a contact's name. */
export type ClientRow = {
  id: number;
  code: string;
  legal_name: string;
  dba: string | null;
  status: string;
  updated_at: string;
  contact: string | null;
};

export function clientResult(row: ClientRow): SearchResult {
  const parts = [row.code, row.dba ? `DBA ${row.dba}` : null, row.contact ? `Contact: ${row.contact}` : null];
  return {
    id: String(row.id),
    type: 'client',
    title: row.legal_name,
    subtitle: parts.filter(Boolean).join(' · '),
    url: `/clients/${row.id}`,
    meta: { status: row.status, lastActivity: new Date(row.updated_at).toISOString(), date: dayOf(row.updated_at) },
  };
}
