import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ActivityTypeInput, ActivityTypeUpdateInput } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { activityTypes } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { isUniqueViolation } from '../../db/pg-errors';
import { conflictField, staleVersion } from '../records/field-errors';
import { likePattern, offsetOf, pageOf, pageQuery, PAGE_SIZE_MAX, type Page } from '../records/pagination';
import { activityRateChanges, rateInForce, recordActivityRate, type RateChange } from '../rates/rate-history';
import { dateInZone } from '../time-entries/calendar';
import { loadTimeSettings } from '../time-entries/organization-settings';
import { activityRateOn, activityTypeViewOf, type ActivityTypeView } from './activity-type-view';

export const activityTypeListQuery = z.object({
  ...pageQuery,
  page_size: pageQuery.page_size.default(PAGE_SIZE_MAX),
  active: z.enum(['true', 'false'], { error: 'Active must be true or false' }).optional(),
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});
export type ActivityTypeListQuery = z.infer<typeof activityTypeListQuery>;

export type ActivityTypeDetail = ActivityTypeView & { base_rate_cents: number | null; rate_changes: RateChange[] };

async function today(tx: Tx, organizationId: number, now: Date): Promise<string> {
  const { timeZone } = await loadTimeSettings(tx, organizationId);
  return dateInZone(now, timeZone);
}

export async function listActivityTypes(
  db: Db,
  actor: SessionUser,
  query: ActivityTypeListQuery,
  now: Date,
): Promise<Page<ActivityTypeView>> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const date = await today(tx, organizationId, now);
    const conditions: (SQL | undefined)[] = [
      eq(activityTypes.organizationId, organizationId),
      query.active ? eq(activityTypes.active, query.active === 'true') : undefined,
      query.q
        ? sql`(${activityTypes.name} ilike ${likePattern(query.q)} or ${activityTypes.code} ilike ${likePattern(query.q)})`
        : undefined,
    ];
    const where = and(...conditions);
    const rows = await tx
      .select({ type: activityTypes, rate: activityRateOn(date) })
      .from(activityTypes)
      .where(where)
      .orderBy(asc(activityTypes.name), asc(activityTypes.id))
      .limit(query.page_size)
      .offset(offsetOf(query));
    const [counted] = await tx.select({ total: count() }).from(activityTypes).where(where);
    return pageOf(
      rows.map((row) => activityTypeViewOf(row.type, row.rate)),
      counted?.total ?? 0,
      query,
    );
  });
}

async function loadDetail(tx: Tx, organizationId: number, id: number, date: string): Promise<ActivityTypeDetail> {
  const [row] = await tx
    .select()
    .from(activityTypes)
    .where(and(eq(activityTypes.organizationId, organizationId), eq(activityTypes.id, id)));
  if (!row) throw notFound('Activity type not found');
  const changes = await activityRateChanges(tx, organizationId, id);
  return {
    ...activityTypeViewOf(row, rateInForce(changes, date, row.defaultRateCents)),
    base_rate_cents: row.defaultRateCents,
    rate_changes: changes,
  };
}

export async function getActivityType(db: Db, actor: SessionUser, id: number, now: Date): Promise<ActivityTypeDetail> {
  return withTenant(db, actor.organizationId, async (tx) =>
    loadDetail(tx, actor.organizationId, id, await today(tx, actor.organizationId, now)),
  );
}

const codeTaken = (code: string) => conflictField('code', `Code ${code} is already in use`);

async function checkCodeFree(tx: Tx, organizationId: number, code: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: activityTypes.id })
    .from(activityTypes)
    .where(
      and(
        eq(activityTypes.organizationId, organizationId),
        eq(sql`lower(${activityTypes.code})`, code.toLowerCase()),
        exceptId === undefined ? undefined : ne(activityTypes.id, exceptId),
      ),
    );
  if (taken) throw codeTaken(code);
}

async function guardCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(code);
    throw error;
  }
}

const snapshotOf = ({ created_at: _created, updated_at: _updated, ...rest }: ActivityTypeDetail) => rest;

/** A new activity type; its rate is its base rate, in force for every date until a dated change. */
export async function createActivityType(
  db: Db,
  actor: SessionUser,
  input: ActivityTypeInput,
  now: Date,
): Promise<ActivityTypeDetail> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    await checkCodeFree(tx, organizationId, input.code);
    const [created] = await guardCode(input.code, () =>
      tx
        .insert(activityTypes)
        .values({
          organizationId,
          name: input.name,
          code: input.code,
          defaultRateCents: input.default_rate_cents,
          billable: input.billable,
          active: input.active,
        })
        .returning({ id: activityTypes.id }),
    );
    const detail = await loadDetail(tx, organizationId, created!.id, await today(tx, organizationId, now));
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'create',
      entity: 'activity_type',
      entityId: detail.id,
      after: snapshotOf(detail),
    });
    return detail;
  });
}

/**
 * Edits an activity type. A rate different from the one in force on `rate_effective_from`
 * (default today) is recorded as a dated change from that day; entries already saved keep
 * the rate they captured.
 */
export async function updateActivityType(
  db: Db,
  actor: SessionUser,
  id: number,
  input: ActivityTypeUpdateInput,
  now: Date,
): Promise<ActivityTypeDetail> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const [current] = await tx
      .select({ version: activityTypes.version })
      .from(activityTypes)
      .where(and(eq(activityTypes.organizationId, organizationId), eq(activityTypes.id, id)))
      .for('update');
    if (!current) throw notFound('Activity type not found');
    if (current.version !== input.version) throw staleVersion('activity type');
    const date = await today(tx, organizationId, now);
    const before = await loadDetail(tx, organizationId, id, date);
    await checkCodeFree(tx, organizationId, input.code, id);
    const effectiveFrom = input.rate_effective_from ?? date;
    const rateCents = input.default_rate_cents;
    if (
      rateCents !== undefined &&
      rateInForce(before.rate_changes, effectiveFrom, before.base_rate_cents) !== rateCents
    ) {
      await recordActivityRate(tx, organizationId, id, { effectiveFrom, rateCents, by: actor.id });
    }
    await guardCode(input.code, () =>
      tx
        .update(activityTypes)
        .set({
          name: input.name,
          code: input.code,
          billable: input.billable,
          active: input.active,
          version: current.version + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(activityTypes.organizationId, organizationId), eq(activityTypes.id, id))),
    );
    const after = await loadDetail(tx, organizationId, id, date);
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'update',
      entity: 'activity_type',
      entityId: id,
      before: snapshotOf(before),
      after: snapshotOf(after),
    });
    return after;
  });
}
