import { and, eq, inArray } from 'drizzle-orm';
import {
  activityRateChanges,
  clientOverrideChanges,
  rateInForce,
  userBaseRate,
  userRateChanges,
  type RateChange,
} from '../../modules/rates/rate-history';
import type { RateQuestion, ResolvedRate } from '../../modules/rates/rate-resolver';
import type { Tx } from '../client';
import { activityTypes } from '../schema/index';

type Level = { base: number | null; changes: RateChange[] };

/**
 * The rates of one firm read once, so that hundreds of demo entries are priced without a
 * query each: the same order as resolveRate (client override, else the activity's dated
 * rate, else the user's dated rate). The seeding test checks every entry against resolveRate.
 */
export type RateBook = { rateOn: (question: Omit<RateQuestion, 'organizationId'>) => ResolvedRate };

export async function loadRateBook(
  tx: Tx,
  organizationId: number,
  ids: { users: number[]; clients: number[]; activityTypes: number[] },
): Promise<RateBook> {
  const users = new Map<number, Level>();
  for (const userId of ids.users) {
    users.set(userId, {
      base: await userBaseRate(tx, organizationId, userId),
      changes: await userRateChanges(tx, organizationId, userId),
    });
  }
  const activities = new Map<number, Level>();
  const bases = await tx
    .select({ id: activityTypes.id, rate: activityTypes.defaultRateCents })
    .from(activityTypes)
    .where(and(eq(activityTypes.organizationId, organizationId), inArray(activityTypes.id, ids.activityTypes)));
  for (const { id, rate } of bases) {
    activities.set(id, { base: rate, changes: await activityRateChanges(tx, organizationId, id) });
  }
  const overrides = new Map<number, Map<number, RateChange[]>>();
  for (const clientId of ids.clients) {
    overrides.set(clientId, await clientOverrideChanges(tx, organizationId, clientId, ids.activityTypes));
  }
  return {
    rateOn({ userId, clientId, activityTypeId, date }) {
      const override = rateInForce(overrides.get(clientId)?.get(activityTypeId) ?? [], date, null);
      if (override !== null) return { rateCents: override, source: 'client' };
      const activity = activities.get(activityTypeId);
      const activityRate = activity ? rateInForce(activity.changes, date, activity.base) : null;
      if (activityRate !== null) return { rateCents: activityRate, source: 'activity' };
      const user = users.get(userId);
      return { rateCents: (user && rateInForce(user.changes, date, user.base)) ?? 0, source: 'user' };
    },
  };
}
