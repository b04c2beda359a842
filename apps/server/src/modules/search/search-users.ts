import { sql } from 'drizzle-orm';
import type { SearchResult } from '@practice/shared';
import type { Tx } from '../../db/client';
import { displayName } from '../records/user-lookup';
import { boundOrganization, dayOf, rowsOf } from './rows';

type UserRow = {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  active: boolean;
  created_at: string | Date;
};

/** Team members by name, username or e-mail; a firm has at most a few thousand, read under RLS. */
export async function searchUsers(tx: Tx, pattern: string, max: number): Promise<SearchResult[]> {
  const rows = await rowsOf<UserRow>(
    tx,
    sql`
      select id, username, email, first_name, last_name, active, created_at from users
      where organization_id = ${boundOrganization}
        and (first_name || ' ' || last_name ilike ${pattern} or username ilike ${pattern} or email ilike ${pattern})
      order by active desc, last_name, first_name, id
      limit ${max}
    `,
  );
  return rows.map((row) => ({
    id: String(row.id),
    type: 'user',
    title: displayName({ firstName: row.first_name, lastName: row.last_name, username: row.username }),
    subtitle: `${row.username} · ${row.email}`,
    url: `/users/${row.id}`,
    meta: { status: row.active ? 'active' : 'inactive', date: dayOf(row.created_at) },
  }));
}
