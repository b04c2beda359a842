import { and, eq } from 'drizzle-orm';
import type { UserRateInput } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { notFoundField } from '../records/field-errors';
import { requireOrganizationUser } from '../records/user-lookup';
import { requireRoleWithin } from '../users/role-ceiling';
import { loadTimeSettings } from '../time-entries/organization-settings';
import { dateInZone } from '../time-entries/calendar';
import { rateInForce, recordUserRate, userBaseRate, userRateChanges, type RateChange } from './rate-history';

export type UserRateView = {
  user_id: number;
  /** The standard rate in force today (the firm's time zone). */
  standard_rate_cents: number;
  /** The rate before the first dated change. */
  base_rate_cents: number;
  rate_changes: RateChange[];
};

async function viewOf(tx: Tx, actor: SessionUser, userId: number, now: Date): Promise<UserRateView> {
  const { timeZone } = await loadTimeSettings(tx, actor.organizationId);
  const base = await userBaseRate(tx, actor.organizationId, userId);
  const changes = await userRateChanges(tx, actor.organizationId, userId);
  return {
    user_id: userId,
    standard_rate_cents: rateInForce(changes, dateInZone(now, timeZone), base) ?? base,
    base_rate_cents: base,
    rate_changes: changes,
  };
}

export async function getUserRate(db: Db, actor: SessionUser, userId: number, now: Date): Promise<UserRateView> {
  return withTenant(db, actor.organizationId, async (tx) => {
    await requireOrganizationUser(tx, actor.organizationId, userId, 'id');
    return viewOf(tx, actor, userId, now);
  });
}

/** The person whose rate changes must hold a role within the actor's, as for every other change to him (ADR 0147). */
async function requireManageableUser(tx: Tx, actor: SessionUser, userId: number): Promise<void> {
  const [target] = await tx
    .select({ roleId: users.roleId })
    .from(users)
    .where(and(eq(users.organizationId, actor.organizationId), eq(users.id, userId)));
  if (!target) throw notFoundField('id', 'User not found');
  await requireRoleWithin(tx, actor, target.roleId, () => notFound('User not found'));
}

/** A user's standard rate from a date on; entries already saved keep their rate. */
export async function setUserRate(
  db: Db,
  actor: SessionUser,
  userId: number,
  input: UserRateInput,
  now: Date,
): Promise<UserRateView> {
  return withTenant(db, actor.organizationId, async (tx) => {
    await requireManageableUser(tx, actor, userId);
    const before = await userRateChanges(tx, actor.organizationId, userId);
    await recordUserRate(tx, actor.organizationId, userId, {
      effectiveFrom: input.effective_from,
      rateCents: input.rate_cents,
      by: actor.id,
    });
    const view = await viewOf(tx, actor, userId, now);
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.id,
      action: 'update',
      entity: 'user_rate',
      entityId: userId,
      before: { rate_changes: before },
      after: { rate_changes: view.rate_changes },
    });
    return view;
  });
}
