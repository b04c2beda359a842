import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { hasPermission } from '@practice/shared';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { offsetOf, pageQuery } from '../records/pagination';
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

/** A row of activity_feed_rows (migration 0052), which also writes the description. */
type FeedRow = {
  id: string | number;
  action: string;
  entity: string;
  entity_id: string | null;
  created_at: string | Date;
  user_id: number | null;
  user_name: string | null;
  username: string | null;
  client_id: number | null;
  client_code: string | null;
  client_name: string | null;
  description: string;
};

/**
 * Whose changes a reader's feed shows: clients with can_view_clients, other people's time and
 * expenses with the rights to list them (ADR 0050); everyone sees the activity types.
 */
export function feedScope(actor: SessionUser): { everyone: boolean; clients: boolean } {
  return { everyone: maySeeOthersEntries(actor), clients: hasPermission(actor.fullRole, 'can_view_clients') };
}

function itemOf(row: FeedRow): ActivityItem {
  return {
    id: Number(row.id),
    action: row.action,
    activity_type: row.entity,
    description: row.description,
    created_at: new Date(row.created_at).toISOString(),
    entity_id: row.entity_id === null ? null : Number(row.entity_id),
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '', username: row.username ?? '' },
    client:
      row.client_id === null
        ? null
        : { id: row.client_id, client_id: row.client_code ?? '', legal_name: row.client_name ?? '' },
  };
}

/**
 * GET /activities: what people of the organization did lately, newest first, read from the
 * audit log (every change to clients, entries, expenses and activity types writes one) by
 * activity_feed_rows, one read-only statement in one round trip whose plan each pooled
 * connection keeps (ADR 0194; its index ranges and lookups by key are ADRs 0173 and 0185).
 */
export async function activityFeed(database: Database, actor: SessionUser, query: ActivityFeedQuery) {
  const scope = feedScope(actor);
  const rows = await database.readAsTenant<FeedRow>(
    actor.organizationId,
    sql`select * from activity_feed_rows(${actor.id}, ${scope.everyone}, ${scope.clients}, ${offsetOf(query)}, ${query.page_size + 1})`,
  );
  const page: ActivityPage = {
    items: rows.slice(0, query.page_size).map(itemOf),
    page: query.page,
    page_size: query.page_size,
    has_more: rows.length > query.page_size,
  };
  return page;
}
