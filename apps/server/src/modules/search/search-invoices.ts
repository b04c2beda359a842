import { sql } from 'drizzle-orm';
import { formatMoney, type SearchResult } from '@practice/shared';
import type { Tx } from '../../db/client';
import { boundOrganization, dayOf, rowsOf } from './rows';

type InvoiceRow = {
  id: number;
  number: string | null;
  status: string;
  issue_date: string | Date | null;
  created_at: string | Date;
  total_cents: string | number;
  client_code: string;
  client_name: string;
};

/** Invoices by number (trigram, through search_invoice_ids) or of the best-matching clients, newest first. */
export async function searchInvoices(
  tx: Tx,
  pattern: string,
  matchedClientIds: number[],
  max: number,
): Promise<SearchResult[]> {
  const clientIds = sql`${`{${matchedClientIds.join(',')}}`}::int[]`;
  const rows = await rowsOf<InvoiceRow>(
    tx,
    sql`
      with found as (
        select id from search_invoice_ids(${pattern}, ${max}) as id
        union
        select i.id from unnest(${clientIds}) as matched(client_id)
        cross join lateral (select id from invoices
          where organization_id = ${boundOrganization} and client_id = matched.client_id
          order by issue_date desc nulls first, id desc limit ${max}) i
      )
      select i.id, i.number, i.status, i.issue_date, i.created_at, i.total_cents,
             c.code as client_code, c.legal_name as client_name
      from invoices i
      join clients c on c.organization_id = i.organization_id and c.id = i.client_id
      where i.organization_id = ${boundOrganization} and i.id in (select id from found)
      order by (i.number ilike ${pattern}) desc, i.issue_date desc nulls first, i.id desc
      limit ${max}
    `,
  );
  return rows.map((row) => ({
    id: String(row.id),
    type: 'invoice',
    title: row.number ?? `Draft invoice for ${row.client_name}`,
    subtitle: `${row.client_name} (${row.client_code}) · ${formatMoney(Number(row.total_cents), { decimals: true })}`,
    url: `/invoices/${row.id}`,
    meta: { status: row.status, date: dayOf(row.issue_date ?? row.created_at) },
  }));
}
