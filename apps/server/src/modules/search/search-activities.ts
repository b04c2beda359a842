import type { SearchResult } from '@practice/shared';
import { dayOf } from './rows';

/**
 * One of the dashboard feed's latest 50 items (what the reader may see there, ADR 0050) whose
 * description, person or client holds the term, found by search_view (migration 0052).
 */
export type ActivityRow = {
  id: number;
  action: string;
  entity: string;
  entity_id: string | null;
  created_at: string;
  user_name: string | null;
  client_id: number | null;
  description: string;
};

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
