import { and, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { roles, users } from '../../db/schema/index';
import { conflict } from '../../lib/errors';

export const LAST_ADMINISTRATOR = 'The firm needs at least one active administrator';

/**
 * Serialises the changes that could leave a firm without an administrator (a user's role or
 * active flag, a role's all flag): two such changes of one firm never check at the same time.
 */
export async function lockPeopleChanges(tx: Tx, organizationId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(1616, ${organizationId})`);
}

/** After the change, within its transaction: is somebody still an active holder of `all`? Else 409, rolled back. */
export async function requireAnAdministrator(tx: Tx, organizationId: number): Promise<void> {
  const [row] = await tx
    .select({ admins: count() })
    .from(users)
    .innerJoin(roles, and(eq(roles.organizationId, users.organizationId), eq(roles.id, users.roleId)))
    .where(and(eq(users.organizationId, organizationId), eq(users.active, true), eq(roles.all, true)));
  if ((row?.admins ?? 0) === 0) throw conflict(LAST_ADMINISTRATOR);
}
