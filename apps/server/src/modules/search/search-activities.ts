import type { SearchResult } from '@practice/shared';
import type { Tx } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { readActivityFeed, type ActivityItem } from '../dashboard/activity-feed';

/** How many of the dashboard feed's latest items are looked through (ADR 0156). */
export const ACTIVITY_WINDOW = 200;

function urlOf(item: ActivityItem): string {
  if (item.activity_type === 'client' && item.entity_id !== null) return `/clients/${item.entity_id}`;
  if (item.activity_type === 'activity_type') return '/activity-types';
  if (item.client) return `/clients/${item.client.id}`;
  return '/profile';
}

/**
 * The dashboard's activity feed (what the reader may see there, ADR 0050) filtered by its
 * description, its person or its client: the feed's text is made in code, not stored.
 */
export async function searchActivities(tx: Tx, actor: SessionUser, term: string, max: number): Promise<SearchResult[]> {
  const feed = await readActivityFeed(tx, actor, { page: 1, page_size: ACTIVITY_WINDOW });
  const needle = term.toLowerCase();
  return feed.items
    .filter((item) =>
      [item.description, item.user?.name, item.user?.username, item.client?.legal_name, item.client?.client_id].some(
        (text) => text?.toLowerCase().includes(needle),
      ),
    )
    .slice(0, max)
    .map((item) => ({
      id: String(item.id),
      type: 'activity',
      title: item.description,
      subtitle: item.user ? `by ${item.user.name}` : '',
      url: urlOf(item),
      meta: { status: item.action, date: item.created_at.slice(0, 10), lastActivity: item.created_at },
    }));
}
