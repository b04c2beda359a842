import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  EXPENSE_CATEGORY_LABELS,
  formatHours,
  formatMoney,
  hasPermission,
  type ExpenseCategory,
} from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { offsetOf, pageQuery } from '../records/pagination';
import { displayName } from '../records/user-lookup';
import { maySeeOthersEntries } from '../time-entries/entry-access';

export const activityFeedQuery = z.object({ ...pageQuery, page_size: pageQuery.page_size.default(20) });
export type ActivityFeedQuery = z.infer<typeof activityFeedQuery>;

export type ActivityItem = {
  id: number;
  action: string;
  activity_type: string;
  description: string;
  created_at: string;
  entity_id: number | null;
  user: { id: number; name: string; username: string } | null;
  client: { id: number; client_id: string; legal_name: string } | null;
};

/** No total: counting a firm's whole history on every dashboard load would not stay fast. */
export type ActivityPage = { items: ActivityItem[]; page: number; page_size: number; has_more: boolean };

type FeedRow = {
  id: string | number;
  action: string;
  entity: string;
  entity_id: string | null;
  snapshot: Record<string, unknown> | null;
  created_at: string | Date;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  client_id: number | null;
  client_code: string | null;
  client_name: string | null;
};

const VERBS: Record<string, Record<string, string>> = {
  client: { create: 'Created client', update: 'Updated client', delete: 'Deleted client' },
  time_entry: { create: 'Recorded', update: 'Updated', delete: 'Deleted' },
  expense: { create: 'Added expense', update: 'Updated expense', delete: 'Deleted expense' },
  activity_type: { create: 'Created activity type', update: 'Updated activity type', delete: 'Deleted activity type' },
};

function describe(row: FeedRow): string {
  const verb = VERBS[row.entity]?.[row.action] ?? `${row.action} ${row.entity}`;
  const snapshot = row.snapshot ?? {};
  const forClient = row.client_name ? ` for ${row.client_name}` : '';
  switch (row.entity) {
    case 'client':
      return `${verb} ${String(snapshot.legal_name ?? row.client_name ?? '')} (${String(snapshot.client_id ?? row.client_code ?? '')})`;
    case 'time_entry':
      return `${verb} ${formatHours(Number(snapshot.minutes ?? 0))} h${forClient}`;
    case 'expense': {
      const category = EXPENSE_CATEGORY_LABELS[String(snapshot.category) as ExpenseCategory] ?? 'Expense';
      return `${verb} ${formatMoney(Number(snapshot.amount_cents ?? 0), { decimals: true })} (${category})${forClient}`;
    }
    default:
      return `${verb} ${String(snapshot.name ?? '')} (${String(snapshot.code ?? '')})`;
  }
}

/** The changes the feed shows: other audit actions (a tax ID revealed, a receipt attached) are not work. */
const FEED_ACTIONS = sql.raw(`('create', 'update', 'delete')`);

/**
 * The ids of the feed's page and the rows before it, newest first, as a union of index ranges
 * (migration 0043) each cut at what the page can need: one per entity, and for a reader who
 * sees only his own time, the time and expense rows whose snapshot names him (read through a
 * function: the JSON operator is no index condition under row-level security). A scan of the
 * whole log filtered by the snapshot's owner would read a firm's history back until it had a
 * page of one person's rows (ADR 0173).
 */
function feedIds(actor: SessionUser, query: ActivityFeedQuery): SQL {
  const organizationId = actor.organizationId;
  const ownOnly = !maySeeOthersEntries(actor);
  const entities = ['activity_type'];
  if (hasPermission(actor.fullRole, 'can_view_clients')) entities.push('client');
  if (!ownOnly) entities.push('time_entry', 'expense');
  const wanted = offsetOf(query) + query.page_size + 1;
  const ranges = entities.map(
    (entity) => sql`(select id from audit_log
       where organization_id = ${organizationId} and entity = ${entity} and action in ${FEED_ACTIONS}
       order by id desc limit ${wanted})`,
  );
  if (ownOnly) ranges.push(sql`(select activity_feed_owner_ids(${actor.id}, ${wanted}) as id)`);
  return sql`select id from (${sql.join(ranges, sql` union all `)}) ranges
    order by id desc limit ${query.page_size + 1} offset ${offsetOf(query)}`;
}

/**
 * What people of the organization did lately, newest first, read from the audit log (every
 * change to clients, entries, expenses and activity types writes one), inside the caller's
 * tenant transaction. It shows only what the reader may see elsewhere: clients with
 * can_view_clients, other people's time and expenses with the rights to list them.
 */
export async function readActivityFeed(tx: Tx, actor: SessionUser, query: ActivityFeedQuery): Promise<ActivityPage> {
  const organizationId = actor.organizationId;
  // The page's rows, people and clients each looked up by key (OFFSET 0 keeps each lateral a
  // lookup): planned as joins, a log analyzed while nearly empty was read whole and hashed
  // against all 50,000 clients and 2,000 people, 50 ms a call at full scale (ADR 0185). The
  // client's id is taken from the snapshot inside the first lookup: under row-level security a
  // JSON operator (not leakproof) in the clients lookup's condition would make it a scan.
  const result = await tx.execute<FeedRow>(sql`
    with page as materialized (${feedIds(actor, query)})
    select a.id, a.action, a.entity, a.entity_id, a.snapshot, a.created_at,
           a.user_id, u.first_name, u.last_name, u.username,
           c.id as client_id, c.code as client_code, c.legal_name as client_name
    from page
    cross join lateral (
      select l.id, l.action, l.entity, l.entity_id, coalesce(l.after, l.before) as snapshot, l.created_at, l.user_id,
        case when l.entity = 'client' then l.entity_id::int
          else (coalesce(l.after, l.before) ->> 'client_id')::int end as client_ref
      from audit_log l where l.organization_id = ${organizationId} and l.id = page.id offset 0
    ) a
    left join lateral (
      select p.first_name, p.last_name, p.username from users p
      where p.organization_id = ${organizationId} and p.id = a.user_id offset 0
    ) u on true
    left join lateral (
      select k.id, k.code, k.legal_name from clients k
      where k.organization_id = ${organizationId} and k.id = a.client_ref offset 0
    ) c on true
    order by a.id desc
  `);
  const rows = (result as unknown as { rows: FeedRow[] }).rows;
  const items = rows.slice(0, query.page_size).map((row) => ({
    id: Number(row.id),
    action: row.action,
    activity_type: row.entity,
    description: describe(row),
    created_at: new Date(row.created_at).toISOString(),
    entity_id: row.entity_id === null ? null : Number(row.entity_id),
    user:
      row.user_id === null
        ? null
        : {
            id: row.user_id,
            name: displayName({
              firstName: row.first_name ?? '',
              lastName: row.last_name ?? '',
              username: row.username ?? '',
            }),
            username: row.username ?? '',
          },
    client:
      row.client_id === null
        ? null
        : { id: row.client_id, client_id: row.client_code ?? '', legal_name: row.client_name ?? '' },
  }));
  return { items, page: query.page, page_size: query.page_size, has_more: rows.length > query.page_size };
}

/** GET /activities: the feed in a tenant transaction of its own. */
export async function activityFeed(db: Db, actor: SessionUser, query: ActivityFeedQuery): Promise<ActivityPage> {
  return withTenant(db, actor.organizationId, (tx) => readActivityFeed(tx, actor, query));
}
