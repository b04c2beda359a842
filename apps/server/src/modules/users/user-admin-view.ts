import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { passkeys, refreshTokens, roles, userRates, users } from '../../db/schema/index';
import { notFound } from '../../lib/errors';

/** A person as GET /users lists him (API.md), with what the edit form needs. */
export type UserView = {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: { id: number; name: string };
  active: boolean;
  billing_rate_cents: number;
  available_minutes_per_week: number;
  last_sign_in_at: string | null;
  pending_email: string | null;
  created_at: string;
  version: number;
};

/** The standard rate in force on `date`: the latest dated change up to it, else the base rate. */
export function rateOn(date: string): SQL<number> {
  return sql<number>`coalesce((
    select ${userRates.rateCents} from ${userRates}
    where ${userRates.organizationId} = ${users.organizationId} and ${userRates.userId} = ${users.id}
      and ${userRates.effectiveFrom} <= ${date}
    order by ${userRates.effectiveFrom} desc limit 1), ${users.standardRateCents})`.mapWith(Number);
}

export const userColumns = (date: string) => ({
  user: users,
  roleId: roles.id,
  roleName: roles.displayName,
  rate: rateOn(date),
});

export function roleJoin() {
  return and(eq(roles.organizationId, users.organizationId), eq(roles.id, users.roleId));
}

type UserRow = { user: typeof users.$inferSelect; roleId: number; roleName: string; rate: number };

export function userViewOf(row: UserRow): UserView {
  const { user } = row;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: { id: row.roleId, name: row.roleName },
    active: user.active,
    billing_rate_cents: row.rate,
    available_minutes_per_week: user.availableMinutesPerWeek,
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    pending_email: user.pendingEmail,
    created_at: user.createdAt.toISOString(),
    version: user.version,
  };
}

export async function loadUser(tx: Tx, organizationId: number, id: number, date: string): Promise<UserView> {
  const [row] = await tx
    .select(userColumns(date))
    .from(users)
    .innerJoin(roles, roleJoin())
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
  if (!row) throw notFound('User not found');
  return userViewOf(row);
}

export type SessionView = { id: string; started_at: string; last_used_at: string; expires_at: string };

/**
 * His live sign-ins: one per refresh-token family, the family's first and latest token.
 * Only dates: a token itself never leaves the server.
 */
export async function liveSessions(tx: Tx, organizationId: number, userId: number): Promise<SessionView[]> {
  const now = new Date();
  const rows = await tx
    .select({
      familyId: refreshTokens.familyId,
      startedAt: sql<string>`min(${refreshTokens.createdAt})`,
      lastUsedAt: sql<string>`max(${refreshTokens.createdAt})`,
      expiresAt: sql<string>`max(${refreshTokens.expiresAt})`,
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.organizationId, organizationId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .groupBy(refreshTokens.familyId)
    .having(gt(sql`max(${refreshTokens.expiresAt})`, now))
    .orderBy(desc(sql`max(${refreshTokens.createdAt})`))
    .limit(20);
  return rows.map((row) => ({
    id: row.familyId,
    started_at: new Date(row.startedAt).toISOString(),
    last_used_at: new Date(row.lastUsedAt).toISOString(),
    expires_at: new Date(row.expiresAt).toISOString(),
  }));
}

/** Whether he has a passkey, and its name and date: never the credential. */
export async function passkeyStatus(tx: Tx, organizationId: number, userId: number) {
  const [row] = await tx
    .select({ deviceName: passkeys.deviceName, createdAt: passkeys.createdAt })
    .from(passkeys)
    .where(and(eq(passkeys.organizationId, organizationId), eq(passkeys.userId, userId)));
  return row
    ? { registered: true, device_name: row.deviceName, created_at: row.createdAt.toISOString() }
    : { registered: false, device_name: null, created_at: null };
}
