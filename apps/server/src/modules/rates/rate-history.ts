import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { activityTypeRates, clientActivityRates, userRates, users } from '../../db/schema/index';

export type RateChange = { effective_from: string; rate_cents: number | null };

/**
 * Dated rate changes of the three levels of the rate order. Recording a change on a date
 * that already has one replaces it; saved entries keep the rate they captured.
 */

export async function recordActivityRate(
  tx: Tx,
  organizationId: number,
  activityTypeId: number,
  change: { effectiveFrom: string; rateCents: number | null; by: number },
): Promise<void> {
  await tx
    .insert(activityTypeRates)
    .values({
      organizationId,
      activityTypeId,
      effectiveFrom: change.effectiveFrom,
      rateCents: change.rateCents,
      createdBy: change.by,
    })
    .onConflictDoUpdate({
      target: [activityTypeRates.organizationId, activityTypeRates.activityTypeId, activityTypeRates.effectiveFrom],
      set: { rateCents: change.rateCents, createdBy: change.by },
    });
}

export async function activityRateChanges(
  tx: Tx,
  organizationId: number,
  activityTypeId: number,
): Promise<RateChange[]> {
  return tx
    .select({ effective_from: activityTypeRates.effectiveFrom, rate_cents: activityTypeRates.rateCents })
    .from(activityTypeRates)
    .where(
      and(eq(activityTypeRates.organizationId, organizationId), eq(activityTypeRates.activityTypeId, activityTypeId)),
    )
    .orderBy(asc(activityTypeRates.effectiveFrom));
}

/** Every dated override of one client, grouped by activity type. */
export async function clientOverrideChanges(
  tx: Tx,
  organizationId: number,
  clientId: number,
  activityTypeIds: number[],
): Promise<Map<number, RateChange[]>> {
  const byActivity = new Map<number, RateChange[]>();
  if (activityTypeIds.length === 0) return byActivity;
  const rows = await tx
    .select({
      activityTypeId: clientActivityRates.activityTypeId,
      effective_from: clientActivityRates.effectiveFrom,
      rate_cents: clientActivityRates.rateCents,
    })
    .from(clientActivityRates)
    .where(
      and(
        eq(clientActivityRates.organizationId, organizationId),
        eq(clientActivityRates.clientId, clientId),
        inArray(clientActivityRates.activityTypeId, activityTypeIds),
      ),
    )
    .orderBy(asc(clientActivityRates.effectiveFrom));
  for (const { activityTypeId, ...change } of rows) {
    const list = byActivity.get(activityTypeId) ?? [];
    list.push(change);
    byActivity.set(activityTypeId, list);
  }
  return byActivity;
}

/** The value in force on a date from an ascending list of changes, else the base. */
export function rateInForce(changes: RateChange[], date: string, base: number | null): number | null {
  let rate = base;
  for (const change of changes) {
    if (change.effective_from > date) break;
    rate = change.rate_cents;
  }
  return rate;
}

export async function recordClientOverride(
  tx: Tx,
  organizationId: number,
  clientId: number,
  activityTypeId: number,
  change: { effectiveFrom: string; rateCents: number | null; by: number },
): Promise<void> {
  await tx
    .insert(clientActivityRates)
    .values({
      organizationId,
      clientId,
      activityTypeId,
      effectiveFrom: change.effectiveFrom,
      rateCents: change.rateCents,
      createdBy: change.by,
    })
    .onConflictDoUpdate({
      target: [
        clientActivityRates.organizationId,
        clientActivityRates.clientId,
        clientActivityRates.activityTypeId,
        clientActivityRates.effectiveFrom,
      ],
      set: { rateCents: change.rateCents, createdBy: change.by },
    });
}

export async function userRateChanges(tx: Tx, organizationId: number, userId: number): Promise<RateChange[]> {
  return tx
    .select({ effective_from: userRates.effectiveFrom, rate_cents: userRates.rateCents })
    .from(userRates)
    .where(and(eq(userRates.organizationId, organizationId), eq(userRates.userId, userId)))
    .orderBy(asc(userRates.effectiveFrom));
}

export async function recordUserRate(
  tx: Tx,
  organizationId: number,
  userId: number,
  change: { effectiveFrom: string; rateCents: number; by: number },
): Promise<void> {
  await tx
    .insert(userRates)
    .values({
      organizationId,
      userId,
      effectiveFrom: change.effectiveFrom,
      rateCents: change.rateCents,
      createdBy: change.by,
    })
    .onConflictDoUpdate({
      target: [userRates.organizationId, userRates.userId, userRates.effectiveFrom],
      set: { rateCents: change.rateCents, createdBy: change.by },
    });
}

export async function userBaseRate(tx: Tx, organizationId: number, userId: number): Promise<number> {
  const [row] = await tx
    .select({ rate: users.standardRateCents })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  return row?.rate ?? 0;
}
