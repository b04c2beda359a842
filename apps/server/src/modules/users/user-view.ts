import { and, eq } from 'drizzle-orm';
import type { FullRole } from '@practice/shared';
import type { Tx } from '../../db/client';
import { roles, users } from '../../db/schema/index';
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
  bookmarked_clients: unknown[];
};

export type UserWithRole = {
  user: typeof users.$inferSelect;
  role: typeof roles.$inferSelect;
};

export async function findUserWithRole(tx: Tx, organizationId: number, userId: number): Promise<UserWithRole | null> {
  const [row] = await tx
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, and(eq(roles.organizationId, users.organizationId), eq(roles.id, users.roleId)))
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  return row ?? null;
}

export function buildUserView({ user, role }: UserWithRole): UserView {
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
    bookmarked_clients: [],
  };
}
