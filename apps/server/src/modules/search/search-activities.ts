import type { SearchResult } from '@practice/shared';
import { dayOf } from './rows';

/** One of the dashboard feed's latest 50 items (what the reader may see there, ADR 0050), read by search_view. */
export type ActivityRow = {
  id: number;
  action: string;
  entity: string;
  entity_id: string | null;
  created_at: string;
  user_name: string | null;
  username: string | null;
  client_id: number | null;
  client_name: string | null;
  client_code: string | null;
  description: string;
};

/** An item whose description, person or client holds the term, whatever the case (as the other categories match). */
export function activityMatches(row: ActivityRow, needle: string): boolean {
  return [row.description, row.user_name, row.username, row.client_name, row.client_code].some(
    (text) => text !== null && text.toLowerCase().includes(needle),
  );
}

function urlOf(row: ActivityRow): string {
  if (row.entity === 'client' && row.entity_id !== null) return `/clients/${Number(row.entity_id)}`;
  if (row.entity === 'activity_type') return '/activity-types';
  if (row.client_id !== null) return `/clients/${row.client_id}`;
  return '/profile';
}

export function activityResult(row: ActivityRow): SearchResult {
  return {
    id: String(row.id),
    type: 'activity',
    title: row.description,
    subtitle: row.user_name !== null ? `by ${row.user_name}` : '',
    url: urlOf(row),
    meta: { status: row.action, date: dayOf(row.created_at), lastActivity: new Date(row.created_at).toISOString() },
  };
}
