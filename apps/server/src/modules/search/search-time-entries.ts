import { sql } from 'drizzle-orm';
import { formatHours, hasPermission, type SearchResult } from '@practice/shared';
import type { Tx } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { maySeeOthersEntries } from '../time-entries/entry-access';
import { boundOrganization, dayOf, rowsOf } from './rows';

/**
 * How far back a narrative is looked for (ADR 0156): a firm's latest entries, or a person's own
 * latest, read newest first through an index. A LIKE over all of ten million narratives cannot
 * answer in the search's 30 ms, and the palette is for finding recent work. Most terms match no
 * narrative, so the window is usually read to its end: at about 1.5 us a row for the ILIKE
 * alone, 1,000 rows is what fits the call's few milliseconds of database time (ADR 0173).
 */
export const FIRM_WINDOW = 1000;
export const OWN_WINDOW = 1000;
/** Entries of the best-matching clients are found whatever their age. */
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
 * his own, or everyone's with can_edit_time_entries or can_view_billing.
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
  // The window is read newest first and left as soon as `max` entries match; only the found
  // entries are read in full (ADR 0173).
  const window = everyone
    ? sql`select id, client_id, narrative from time_entries where organization_id = ${boundOrganization}
          order by id desc limit ${FIRM_WINDOW}`
    : sql`select id, entry_date, client_id, narrative from time_entries
          where organization_id = ${boundOrganization} and user_id = ${actor.id}
          order by entry_date desc, id desc limit ${OWN_WINDOW}`;
  const windowOrder = everyone ? sql`w.id desc` : sql`w.entry_date desc, w.id desc`;
  const byClient = everyone
    ? sql`union
       select e.id from unnest(${clientIds}) as matched(client_id)
       cross join lateral (select id from time_entries
         where organization_id = ${boundOrganization} and client_id = matched.client_id
         order by entry_date desc limit ${max}) e`
    : sql``;
  const rows = await rowsOf<EntryRow>(
    tx,
    sql`
      with found as (
        (select w.id from (${window}) w
         where w.narrative ilike ${pattern} or w.client_id = any(${clientIds})
         order by ${windowOrder} limit ${max})
        ${byClient}
      )
      select t.id, t.narrative, t.entry_date, t.minutes, t.status, t.user_id, c.code as client_code,
             c.legal_name as client_name
      from found f
      join time_entries t on t.organization_id = ${boundOrganization} and t.id = f.id
      join clients c on c.organization_id = t.organization_id and c.id = t.client_id
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
