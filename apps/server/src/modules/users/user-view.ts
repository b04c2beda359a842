import { and, eq, sql } from 'drizzle-orm';
import type { FullRole } from '@practice/shared';
import type { Tx } from '../../db/client';
import { roles, users } from '../../db/schema/index';
import { BOOKMARKS_LISTED_MAX, type BookmarkedClient } from '../clients/bookmarks';
import { fullRoleOf } from './full-role';

/** The user object of SPEC 3, as /login, /refresh and /user answer it. */
export type UserView = {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  organization_id: number;
  role: { name: string };
  role_name: string;
  full_role: FullRole;
  bookmarked_clients: BookmarkedClient[];
};

export type UserWithRole = {
  user: typeof users.$inferSelect;
  role: typeof roles.$inferSelect;
  bookmarks: BookmarkedClient[];
};

/** The user's bookmarks, most recent first, in the same round trip as the user (one indexed lookup). */
const bookmarksOfUser = sql<BookmarkedClient[]>`(
  select coalesce(json_agg(json_build_object(
    'id', b.id, 'client_id', b.code, 'legal_name', b.legal_name, 'status', b.status)
    order by b.created_at desc, b.id desc), '[]'::json)
  from (
    select c.id, c.code, c.legal_name, c.status, cb.created_at
    from client_bookmarks cb
    join clients c on c.organization_id = cb.organization_id and c.id = cb.client_id
    where cb.organization_id = ${users.organizationId} and cb.user_id = ${users.id}
    order by cb.created_at desc, cb.client_id desc
    limit ${sql.raw(String(BOOKMARKS_LISTED_MAX))}
  ) b
)`;

export async function findUserWithRole(tx: Tx, organizationId: number, userId: number): Promise<UserWithRole | null> {
  const [row] = await tx
    .select({ user: users, role: roles, bookmarks: bookmarksOfUser })
    .from(users)
    .innerJoin(roles, and(eq(roles.organizationId, users.organizationId), eq(roles.id, users.roleId)))
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  return row ?? null;
}

export function buildUserView({ user, role, bookmarks }: UserWithRole): UserView {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    organization_id: user.organizationId,
    role: { name: role.displayName },
    role_name: role.name,
    full_role: fullRoleOf(role),
    bookmarked_clients: bookmarks,
  };
}
