import { and, eq } from 'drizzle-orm';
import { PERMISSION_FLAGS, type FullRole } from '@practice/shared';
import type { Tx } from '../../db/client';
import { roles } from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { notFoundField } from '../records/field-errors';
import { fullRoleOf } from './full-role';

export const ABOVE_YOUR_ROLE = 'You cannot give or manage a role with permissions you do not have';

/** Whether `role` grants nothing `actor` lacks: `all` covers every flag. */
export function withinRole(actor: FullRole, role: FullRole): boolean {
  if (actor.all) return true;
  if (role.all) return false;
  return PERMISSION_FLAGS.every((flag) => !role[flag] || actor[flag]);
}

/**
 * A role of this firm that the actor may hand out or whose holders he may manage: one
 * granting nothing beyond his own flags, so can_edit_users never grows into more (ADR 0147).
 */
export async function requireRoleWithin(
  tx: Tx,
  actor: SessionUser,
  roleId: number,
  missing: () => Error = () => notFoundField('role_id', 'Role not found'),
): Promise<FullRole> {
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.organizationId, actor.organizationId), eq(roles.id, roleId)));
  if (!role) throw missing();
  const fullRole = fullRoleOf(role);
  if (!withinRole(actor.fullRole, fullRole)) throw forbidden(ABOVE_YOUR_ROLE);
  return fullRole;
}
