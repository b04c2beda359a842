import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { emptyFullRole, PERMISSION_FLAGS, type FullRole, type RoleInput } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { roles, users } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { isUniqueViolation } from '../../db/pg-errors';
import { conflictField } from '../records/field-errors';
import { lockPeopleChanges, requireAnAdministrator } from '../users/administrators';
import { fullRoleOf, roleColumnsOf } from '../users/full-role';

export const ROLE_IN_USE = 'This role is held by people: give them another role first';
export const LAST_ALL_ROLE = 'At least one role must keep the all flag';

/** The roles editor saves several roles at once, so a refusal names the role it is about. */
export const roleChangedMessage = (name: string) =>
  `The role ${name} was changed by someone else since you opened it. Reload it and try again.`;

export type RoleView = {
  id: number;
  key: string;
  name: string;
  permissions: FullRole;
  built_in: boolean;
  users: number;
  version: number;
};

const BUILT_IN_KEYS = new Set(['admin', 'partner', 'manager', 'staff', 'billing', 'readonly']);

function permissionsOf(input: RoleInput['permissions']): FullRole {
  const fullRole = emptyFullRole();
  fullRole.all = input.all === true;
  for (const flag of PERMISSION_FLAGS) fullRole[flag] = input[flag] === true;
  return fullRole;
}

async function loadRoles(tx: Tx, organizationId: number, id?: number): Promise<RoleView[]> {
  const holders = tx
    .select({ roleId: users.roleId, held: count().as('held') })
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .groupBy(users.roleId)
    .as('holders');
  const rows = await tx
    .select({ role: roles, held: sql<number>`coalesce(${holders.held}, 0)`.mapWith(Number) })
    .from(roles)
    .leftJoin(holders, eq(holders.roleId, roles.id))
    .where(and(eq(roles.organizationId, organizationId), id === undefined ? undefined : eq(roles.id, id)))
    .orderBy(asc(roles.id));
  return rows.map(({ role, held }) => ({
    id: role.id,
    key: role.name,
    name: role.displayName,
    permissions: fullRoleOf(role),
    built_in: BUILT_IN_KEYS.has(role.name),
    users: held,
    version: role.version,
  }));
}

async function loadRole(tx: Tx, organizationId: number, id: number): Promise<RoleView> {
  const [role] = await loadRoles(tx, organizationId, id);
  if (!role) throw notFound('Role not found');
  return role;
}

export async function listRoles(db: Db, actor: SessionUser): Promise<{ items: RoleView[] }> {
  return withTenant(db, actor.organizationId, async (tx) => ({ items: await loadRoles(tx, actor.organizationId) }));
}

export async function listRoleOptions(db: Db, actor: SessionUser): Promise<{ items: { id: number; name: string }[] }> {
  return withTenant(db, actor.organizationId, async (tx) => ({
    items: await tx
      .select({ id: roles.id, name: roles.displayName })
      .from(roles)
      .where(eq(roles.organizationId, actor.organizationId))
      .orderBy(asc(roles.id)),
  }));
}

const nameTaken = (name: string) => conflictField('name', `A role named ${name} already exists`);

async function checkNameFree(tx: Tx, organizationId: number, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.organizationId, organizationId),
        eq(sql`lower(${roles.displayName})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(roles.id, exceptId),
      ),
    );
  if (taken) throw nameTaken(name);
}

/** The role's stable key: its name in lower case letters and digits, made unique within the firm. */
function keyOf(name: string): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'role';
  return `${base.slice(0, 40)}-${Date.now().toString(36)}`;
}

async function guardName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

async function audit(tx: Tx, actor: SessionUser, action: string, id: number, before?: RoleView, after?: RoleView) {
  const snapshot = (role?: RoleView) => role && { name: role.name, permissions: role.permissions };
  await writeAudit(tx, {
    organizationId: actor.organizationId,
    userId: actor.id,
    action,
    entity: 'role',
    entityId: id,
    before: snapshot(before),
    after: snapshot(after),
  });
}

export async function createRole(db: Db, actor: SessionUser, input: RoleInput): Promise<RoleView> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    await checkNameFree(tx, organizationId, input.name);
    const [created] = await guardName(input.name, () =>
      tx
        .insert(roles)
        .values({
          organizationId,
          name: keyOf(input.name),
          displayName: input.name,
          ...roleColumnsOf(permissionsOf(input.permissions)),
        })
        .returning({ id: roles.id }),
    );
    const role = await loadRole(tx, organizationId, created!.id);
    await audit(tx, actor, 'create', role.id, undefined, role);
    return role;
  });
}

async function countAllRoles(tx: Tx, organizationId: number): Promise<number> {
  const [row] = await tx
    .select({ roles: count() })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.all, true)));
  return row?.roles ?? 0;
}

/**
 * Renames a role or changes its flags. Everyone holding it has the new flags on his next
 * call: the auth guard reads the role with the session on every call.
 */
export async function updateRole(db: Db, actor: SessionUser, id: number, input: RoleInput): Promise<RoleView> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    await lockPeopleChanges(tx, organizationId);
    const before = await loadRole(tx, organizationId, id);
    if (input.version !== undefined && input.version !== before.version)
      throw conflict(roleChangedMessage(before.name));
    await checkNameFree(tx, organizationId, input.name, id);
    const permissions = permissionsOf(input.permissions);
    if (before.permissions.all && !permissions.all && (await countAllRoles(tx, organizationId)) <= 1) {
      throw conflict(LAST_ALL_ROLE);
    }
    await guardName(input.name, () =>
      tx
        .update(roles)
        .set({ displayName: input.name, ...roleColumnsOf(permissions), version: before.version + 1 })
        .where(and(eq(roles.organizationId, organizationId), eq(roles.id, id))),
    );
    await requireAnAdministrator(tx, organizationId);
    const after = await loadRole(tx, organizationId, id);
    await audit(tx, actor, 'update', id, before, after);
    return after;
  });
}

/** Deletes a role nobody holds (a deactivated person still holds his). */
export async function deleteRole(db: Db, actor: SessionUser, id: number): Promise<void> {
  const organizationId = actor.organizationId;
  await withTenant(db, organizationId, async (tx) => {
    await lockPeopleChanges(tx, organizationId);
    const before = await loadRole(tx, organizationId, id);
    if (before.users > 0) throw conflict(ROLE_IN_USE);
    if (before.permissions.all && (await countAllRoles(tx, organizationId)) <= 1) throw conflict(LAST_ALL_ROLE);
    await tx.delete(roles).where(and(eq(roles.organizationId, organizationId), eq(roles.id, id)));
    await audit(tx, actor, 'delete', id, before, undefined);
  });
}
