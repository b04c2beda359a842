import { sql } from 'drizzle-orm';
import { formatHours, hasPermission, type SearchResult } from '@practice/shared';
import type { Tx } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { maySeeOthersEntries } from '../time-entries/entry-access';
import { boundOrganization, dayOf, rowsOf } from './rows';

/** Whose entries a reader of everyone's time gets by client, whatever their age (ADR 0156). */
const CLIENTS_FOLLOWED = 5;

type EntryRow = {
  id: number;
  narrative: string;
  entry_date: string | Date;
  minutes: number;
  status: string;
  user_id: number;
  client_code: string;
  client_name: string;
};

/**
 * Time entries by narrative or client (code, name) among those the reader may see (ADR 0044):
 * his own, or everyone's with can_edit_time_entries or can_view_billing. Narratives are looked
 * up over the whole history through search_time_entry_ids (ADR 0173); the client's entries
 * newest first through the client/date index, or for his own time, where his and the clients'
 * index entries meet.
 */
export async function searchTimeEntries(
  tx: Tx,
  actor: SessionUser,
  pattern: string,
  matchedClientIds: number[],
  max: number,
): Promise<SearchResult[]> {
  const everyone = maySeeOthersEntries(actor);
  const clientIds = sql`${`{${matchedClientIds.slice(0, everyone ? CLIENTS_FOLLOWED : undefined).join(',')}}`}::int[]`;
  const byClient = everyone
    ? sql`select e.id from unnest(${clientIds}) as matched(client_id)
       cross join lateral (select id from time_entries
         where organization_id = ${boundOrganization} and client_id = matched.client_id
         order by entry_date desc limit ${max}) e`
    : sql`select id from time_entries
       where organization_id = ${boundOrganization} and user_id = ${actor.id} and client_id = any(${clientIds})
       order by entry_date desc, id desc limit ${max}`;
  const rows = await rowsOf<EntryRow>(
    tx,
    sql`
      with found as (
        select id from search_time_entry_ids(${pattern}, ${everyone ? null : actor.id}::int, ${max}) as id
        union
        (${byClient})
      )
      select t.id, t.narrative, t.entry_date, t.minutes, t.status, t.user_id, c.code as client_code,
             c.legal_name as client_name
      from time_entries t join clients c on c.organization_id = t.organization_id and c.id = t.client_id
      where t.organization_id = ${boundOrganization} and t.id in (select id from found)
      order by t.entry_date desc, t.id desc
      limit ${max}
    `,
  );
  const editable = hasPermission(actor.fullRole, 'can_edit_time_entries');
  return rows.map((row) => ({
    id: String(row.id),
    type: 'timeEntry',
    title: row.narrative || `${formatHours(row.minutes)} h for ${row.client_name}`,
    subtitle: `${row.client_name} (${row.client_code}) · ${formatHours(row.minutes)} h`,
    url: editable ? `/time_entries/${row.id}/edit` : '/profile',
    meta: { status: row.status, date: dayOf(row.entry_date) },
  }));
}
