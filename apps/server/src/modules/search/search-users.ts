import type { SearchResult } from '@practice/shared';
import { displayName } from '../records/user-lookup';
import { dayOf } from './rows';

/** A team member found by search_view (migration 0052): by name, username or e-mail. */
export type UserRow = {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  active: boolean;
  created_at: string;
};

export function userResult(row: UserRow): SearchResult {
  return {
    id: String(row.id),
    type: 'user',
    title: displayName({ firstName: row.first_name, lastName: row.last_name, username: row.username }),
    subtitle: `${row.username} · ${row.email}`,
    url: `/users/${row.id}`,
    meta: { status: row.active ? 'active' : 'inactive', date: dayOf(row.created_at) },
  };
}
