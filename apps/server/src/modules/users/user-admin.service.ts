import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { UserCreateInput, UserUpdateInput } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { withTenant, type Tx } from '../../db/client';
import type { MailDelivery } from '../../mail/delivery';
import { clients, roles, timeEntries, users } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { hashPassword } from '../auth/passwords';
import { revokeAllSessions } from '../auth/sessions';
import { isUniqueViolation } from '../../db/pg-errors';
import { conflictField, staleVersion } from '../records/field-errors';
import { likePattern, offsetOf, pageOf, pageQuery, sortOrder, type Page } from '../records/pagination';
import { userRateChanges, type RateChange } from '../rates/rate-history';
import { dateInZone } from '../time-entries/calendar';
import { loadTimeSettings } from '../time-entries/organization-settings';
import { lockPeopleChanges, requireAnAdministrator } from './administrators';
import { queueInvitation } from './invitations';
import { requireRoleWithin } from './role-ceiling';
import {
  liveSessions,
  loadUser,
  passkeyStatus,
  roleJoin,
  userColumns,
  userViewOf,
  type SessionView,
  type UserView,
} from './user-admin-view';

export const userListQuery = z.object({
  ...pageQuery,
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  role_id: z.coerce
    .number()
    .int('Role must be a role id')
    .positive('Role must be a role id')
    .max(2_147_483_647)
    .optional(),
  active: z.enum(['true', 'false'], { error: 'Active must be true or false' }).optional(),
  sort: z.enum(['name', 'username', 'email', 'role', 'last_sign_in_at'], { error: 'Unknown sort' }).default('name'),
  order: sortOrder.default('asc'),
});
export type UserListQuery = z.infer<typeof userListQuery>;

type Now = { tx: Tx; organizationId: number; now: Date };

async function today({ tx, organizationId, now }: Now): Promise<string> {
  const { timeZone } = await loadTimeSettings(tx, organizationId);
  return dateInZone(now, timeZone);
}

function sortColumns(sort: UserListQuery['sort']): SQL[] {
  switch (sort) {
    case 'username':
      return [sql`lower(${users.username})`];
    case 'email':
      return [sql`lower(${users.email})`];
    case 'role':
      return [sql`lower(${roles.displayName})`, sql`lower(${users.firstName})`];
    case 'last_sign_in_at':
      return [sql`${users.lastSignInAt}`];
    default:
      return [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`];
  }
}

export async function listUsers(
  context: AppContext,
  actor: SessionUser,
  query: UserListQuery,
  now: Date,
): Promise<Page<UserView>> {
  const organizationId = actor.organizationId;
  return withTenant(context.database.db, organizationId, async (tx) => {
    const date = await today({ tx, organizationId, now });
    const pattern = query.q ? likePattern(query.q) : null;
    const where = and(
      eq(users.organizationId, organizationId),
      pattern
        ? sql`(${users.firstName} || ' ' || ${users.lastName} ilike ${pattern} or ${users.username} ilike ${pattern} or ${users.email} ilike ${pattern})`
        : undefined,
      query.role_id ? eq(users.roleId, query.role_id) : undefined,
      query.active ? eq(users.active, query.active === 'true') : undefined,
    );
    const direction = query.order === 'desc' ? desc : asc;
    const rows = await tx
      .select(userColumns(date))
      .from(users)
      .innerJoin(roles, roleJoin())
      .where(where)
      .orderBy(...sortColumns(query.sort).map((column) => direction(column)), asc(users.id))
      .limit(query.page_size)
      .offset(offsetOf(query));
    const [counted] = await tx.select({ total: count() }).from(users).innerJoin(roles, roleJoin()).where(where);
    return pageOf(rows.map(userViewOf), counted?.total ?? 0, query);
  });
}

export type RecentTime = { id: number; entry_date: string; client: string; minutes: number; status: string };

export type UserDetail = UserView & {
  rate_changes: RateChange[];
  base_rate_cents: number;
  recent_time: RecentTime[];
  sessions: SessionView[];
  passkey: { registered: boolean; device_name: string | null; created_at: string | null };
  two_factor_enabled: boolean;
};

export async function getUser(context: AppContext, actor: SessionUser, id: number, now: Date): Promise<UserDetail> {
  const organizationId = actor.organizationId;
  return withTenant(context.database.db, organizationId, async (tx) => {
    const user = await loadUser(tx, organizationId, id, await today({ tx, organizationId, now }));
    const [extra] = await tx
      .select({ base: users.standardRateCents, twoFactor: users.twoFactorEnabled })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
    const recent = await tx
      .select({
        id: timeEntries.id,
        entry_date: timeEntries.entryDate,
        client: clients.legalName,
        minutes: timeEntries.minutes,
        status: timeEntries.status,
      })
      .from(timeEntries)
      .innerJoin(
        clients,
        and(eq(clients.organizationId, timeEntries.organizationId), eq(clients.id, timeEntries.clientId)),
      )
      .where(and(eq(timeEntries.organizationId, organizationId), eq(timeEntries.userId, id)))
      .orderBy(desc(timeEntries.entryDate), desc(timeEntries.id))
      .limit(10);
    return {
      ...user,
      rate_changes: await userRateChanges(tx, organizationId, id),
      base_rate_cents: extra?.base ?? 0,
      recent_time: recent,
      sessions: await liveSessions(tx, organizationId, id),
      passkey: await passkeyStatus(tx, organizationId, id),
      two_factor_enabled: extra?.twoFactor ?? false,
    };
  });
}

const usernameTaken = (username: string) => conflictField('username', `Username ${username} is already taken`);

/** Usernames are unique across every firm (sign-in names no firm); the database's index decides. */
async function guardUsername<T>(username: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken(username);
    throw error;
  }
}

/**
 * A user may not hand himself a role through these calls: editing his own record keeps his
 * role, so nobody gains a flag by editing himself (issue 16).
 */
function checkNotOwnRole(actor: SessionUser, userId: number, currentRoleId: number, roleId: number): void {
  if (actor.id === userId && currentRoleId !== roleId) throw forbidden('You cannot change your own role');
}

const auditSnapshot = ({ version: _version, created_at: _created, last_sign_in_at: _last, ...rest }: UserView) => rest;

/** POST /users: the new user has no usable password until he chooses one from the e-mail. */
export async function createUser(
  context: AppContext,
  mail: Pick<MailDelivery, 'kick'>,
  actor: SessionUser,
  input: UserCreateInput,
  now: Date,
): Promise<UserView> {
  const organizationId = actor.organizationId;
  // A random secret nobody knows: signing in with a password is impossible until he sets one.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const view = await withTenant(context.database.db, organizationId, async (tx) => {
    await requireRoleWithin(tx, actor, input.role_id);
    const [created] = await guardUsername(input.username, () =>
      tx
        .insert(users)
        .values({
          organizationId,
          username: input.username,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          roleId: input.role_id,
          passwordHash,
          standardRateCents: input.billing_rate_cents ?? 0,
          availableMinutesPerWeek: input.available_minutes_per_week ?? 2400,
        })
        .returning({ id: users.id }),
    );
    const user = await loadUser(tx, organizationId, created!.id, await today({ tx, organizationId, now }));
    await queueInvitation(context, tx, {
      organizationId,
      userId: user.id,
      email: user.email,
      firstName: user.first_name,
      username: user.username,
    });
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'create',
      entity: 'user',
      entityId: user.id,
      after: auditSnapshot(user),
    });
    return user;
  });
  mail.kick();
  return view;
}

async function lockedUser(tx: Tx, organizationId: number, id: number) {
  const [current] = await tx
    .select({ version: users.version, roleId: users.roleId, active: users.active })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)))
    .for('update');
  if (!current) throw notFound('User not found');
  return current;
}

export async function updateUser(
  context: AppContext,
  actor: SessionUser,
  id: number,
  input: UserUpdateInput,
  now: Date,
): Promise<UserView> {
  const organizationId = actor.organizationId;
  return withTenant(context.database.db, organizationId, async (tx) => {
    await lockPeopleChanges(tx, organizationId);
    const current = await lockedUser(tx, organizationId, id);
    if (current.version !== input.version) throw staleVersion('user');
    checkNotOwnRole(actor, id, current.roleId, input.role_id);
    await requireRoleWithin(tx, actor, current.roleId, () => notFound('User not found'));
    await requireRoleWithin(tx, actor, input.role_id);
    const date = await today({ tx, organizationId, now });
    const before = await loadUser(tx, organizationId, id, date);
    await guardUsername(input.username, () =>
      tx
        .update(users)
        .set({
          username: input.username,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          roleId: input.role_id,
          availableMinutesPerWeek: input.available_minutes_per_week,
          version: current.version + 1,
        })
        .where(and(eq(users.organizationId, organizationId), eq(users.id, id))),
    );
    await requireAnAdministrator(tx, organizationId);
    const after = await loadUser(tx, organizationId, id, date);
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'update',
      entity: 'user',
      entityId: id,
      before: auditSnapshot(before),
      after: auditSnapshot(after),
    });
    return after;
  });
}

/**
 * Deactivation keeps every record of his and ends his sessions at once: his refresh tokens
 * are revoked, and the auth guard refuses an inactive user's access token on its next call.
 */
export async function setUserActive(
  context: AppContext,
  actor: SessionUser,
  id: number,
  active: boolean,
  now: Date,
): Promise<UserView> {
  const organizationId = actor.organizationId;
  return withTenant(context.database.db, organizationId, async (tx) => {
    await lockPeopleChanges(tx, organizationId);
    const current = await lockedUser(tx, organizationId, id);
    if (!active && actor.id === id) throw forbidden('You cannot deactivate yourself');
    await requireRoleWithin(tx, actor, current.roleId, () => notFound('User not found'));
    const date = await today({ tx, organizationId, now });
    if (current.active === active) return loadUser(tx, organizationId, id, date);
    await tx
      .update(users)
      .set({ active, version: current.version + 1 })
      .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
    if (!active) {
      await requireAnAdministrator(tx, organizationId);
      await revokeAllSessions(tx, organizationId, id);
    }
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: active ? 'reactivate' : 'deactivate',
      entity: 'user',
      entityId: id,
      before: { active: current.active },
      after: { active },
    });
    return loadUser(tx, organizationId, id, date);
  });
}

/** POST /users/{id}/invite: a fresh set-password link, for a user whose first one expired. */
export async function resendInvitation(
  context: AppContext,
  mail: MailDelivery,
  actor: SessionUser,
  id: number,
): Promise<void> {
  const organizationId = actor.organizationId;
  await withTenant(context.database.db, organizationId, async (tx) => {
    const [user] = await tx
      .select({ email: users.email, firstName: users.firstName, username: users.username, active: users.active })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
    if (!user) throw notFound('User not found');
    if (!user.active) throw conflictField('active', 'Reactivate the user first');
    await queueInvitation(context, tx, { organizationId, userId: id, ...user });
    await writeAudit(tx, { organizationId, userId: actor.id, action: 'invite', entity: 'user', entityId: id });
  });
  mail.kick();
}
