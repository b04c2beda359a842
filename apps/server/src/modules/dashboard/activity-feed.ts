import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  EXPENSE_CATEGORY_LABELS,
  formatHours,
  formatMoney,
  hasPermission,
  type ExpenseCategory,
} from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
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

/**
 * GET /activities: what people of the organization did lately, newest first, read from the
 * audit log (every change to clients, entries, expenses and activity types writes one).
 * It shows only what the reader may see elsewhere: clients with can_view_clients, other
 * people's time and expenses with the rights to list them.
 */
export async function activityFeed(db: Db, actor: SessionUser, query: ActivityFeedQuery): Promise<ActivityPage> {
  const organizationId = actor.organizationId;
  const entities = ['time_entry', 'expense', 'activity_type'];
  if (hasPermission(actor.fullRole, 'can_view_clients')) entities.push('client');
  const ownOnly = !maySeeOthersEntries(actor);
  const entityList = sql.join(
    entities.map((entity) => sql`${entity}`),
    sql`, `,
  );
  return withTenant(db, organizationId, async (tx) => {
    const result = await tx.execute<FeedRow>(sql`
      select a.id, a.action, a.entity, a.entity_id, coalesce(a.after, a.before) as snapshot, a.created_at,
             a.user_id, u.first_name, u.last_name, u.username,
             c.id as client_id, c.code as client_code, c.legal_name as client_name
      from audit_log a
      left join users u on u.organization_id = a.organization_id and u.id = a.user_id
      left join clients c on c.organization_id = a.organization_id and c.id = case
        when a.entity = 'client' then a.entity_id::int
        else (coalesce(a.after, a.before) ->> 'client_id')::int end
      where a.organization_id = ${organizationId}
        and a.action in ('create', 'update', 'delete')
        and a.entity in (${entityList})
        and (${!ownOnly} or a.entity not in ('time_entry', 'expense')
             or (coalesce(a.after, a.before) ->> 'user_id')::int = ${actor.id})
      order by a.id desc
      limit ${query.page_size + 1} offset ${offsetOf(query)}
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
  });
}
