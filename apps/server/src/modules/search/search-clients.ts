import { sql } from 'drizzle-orm';
import type { SearchResult } from '@practice/shared';
import type { Tx } from '../../db/client';
import { boundOrganization, dayOf, rowsOf } from './rows';

type ClientRow = {
  id: number;
  code: string;
  legal_name: string;
  dba: string | null;
  status: string;
  updated_at: string | Date;
  contact: string | null;
};

/**
 * Clients whose code, legal name or DBA (the list's trigram index, ADR 0087) or one of whose
 * contacts' names match, name matches first. Both lookups run through SECURITY DEFINER
 * functions scoped by current_org_id(), so another firm's clients cannot come back; each
 * returns at most max ids (ADR 0173).
 */
export async function matchingClients(tx: Tx, pattern: string, max: number): Promise<ClientRow[]> {
  const rows = await rowsOf<ClientRow>(
    tx,
    sql`
      (select c.id, c.code, c.legal_name, c.dba, c.status, c.updated_at, null::text as contact
       from clients c
       where c.organization_id = ${boundOrganization} and c.id in (select search_client_ids(${pattern}, ${max}))
       order by c.legal_name, c.id limit ${max})
      union all
      (select c.id, c.code, c.legal_name, c.dba, c.status, c.updated_at,
              (select cc.name from client_contacts cc
               where cc.organization_id = c.organization_id and cc.client_id = c.id
                 and lower(cc.name) like lower(${pattern}) order by cc.position limit 1) as contact
       from clients c
       where c.organization_id = ${boundOrganization}
         and c.id in (select search_contact_client_ids(${pattern}, ${max}))
       order by c.legal_name, c.id limit ${max})
    `,
  );
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id)).slice(0, max);
}

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
