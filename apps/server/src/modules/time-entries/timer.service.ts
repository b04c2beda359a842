import { and, eq } from 'drizzle-orm';
import { MINUTES_PER_DAY, type TimerStartInput, type TimerStopInput } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { activityTypes, clients, runningTimers } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { requireActivityTypeForClient } from '../activity-types/activity-type-lookup';
import { writeAudit } from '../audit/audit';
import { requireClient } from '../clients/client-lookup';
import { dateInZone } from './calendar';
import { loadTimeSettings } from './organization-settings';
import { insertTimeEntry } from './time-entries.service';
import type { TimeEntryView } from './time-entry-view';

export type TimerView = {
  client_id: number;
  client: { id: number; client_id: string; legal_name: string };
  activity_type_id: number;
  activity_type: { id: number; name: string; code: string };
  narrative: string;
  started_at: Date;
  elapsed_seconds: number;
};

const MINUTE_MS = 60_000;

/** Whole minutes elapsed, at least 1 (a timer stopped at once still records work) and at most a day. */
export function elapsedMinutes(startedAt: Date, now: Date): number {
  const minutes = Math.floor((now.getTime() - startedAt.getTime()) / MINUTE_MS);
  return Math.min(MINUTES_PER_DAY, Math.max(1, minutes));
}

async function findTimer(tx: Tx, actor: SessionUser, lock: boolean) {
  const query = tx
    .select({
      timer: runningTimers,
      client: { code: clients.code, legalName: clients.legalName },
      activity: { name: activityTypes.name, code: activityTypes.code },
    })
    .from(runningTimers)
    .innerJoin(
      clients,
      and(eq(clients.organizationId, runningTimers.organizationId), eq(clients.id, runningTimers.clientId)),
    )
    .innerJoin(
      activityTypes,
      and(
        eq(activityTypes.organizationId, runningTimers.organizationId),
        eq(activityTypes.id, runningTimers.activityTypeId),
      ),
    )
    .where(and(eq(runningTimers.organizationId, actor.organizationId), eq(runningTimers.userId, actor.id)));
  const [row] = lock ? await query.for('update', { of: runningTimers }) : await query;
  return row ?? null;
}

function timerViewOf(row: NonNullable<Awaited<ReturnType<typeof findTimer>>>, now: Date): TimerView {
  const { timer, client, activity } = row;
  return {
    client_id: timer.clientId,
    client: { id: timer.clientId, client_id: client.code, legal_name: client.legalName },
    activity_type_id: timer.activityTypeId,
    activity_type: { id: timer.activityTypeId, name: activity.name, code: activity.code },
    narrative: timer.narrative,
    started_at: timer.startedAt,
    elapsed_seconds: Math.max(0, Math.floor((now.getTime() - timer.startedAt.getTime()) / 1000)),
  };
}

export async function getTimer(db: Db, actor: SessionUser, now: Date): Promise<{ timer: TimerView | null }> {
  return withTenant(db, actor.organizationId, async (tx) => {
    const row = await findTimer(tx, actor, false);
    return { timer: row ? timerViewOf(row, now) : null };
  });
}

/** Starts the user's one timer; a second start while one runs answers 409. */
export async function startTimer(
  db: Db,
  actor: SessionUser,
  input: TimerStartInput,
  now: Date,
): Promise<{ timer: TimerView }> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    await requireClient(tx, organizationId, input.client_id, { forNewWork: true });
    await requireActivityTypeForClient(tx, organizationId, input.activity_type_id, input.client_id);
    const inserted = await tx
      .insert(runningTimers)
      .values({
        organizationId,
        userId: actor.id,
        clientId: input.client_id,
        activityTypeId: input.activity_type_id,
        narrative: input.narrative,
        startedAt: now,
      })
      .onConflictDoNothing()
      .returning({ userId: runningTimers.userId });
    if (inserted.length === 0) throw conflict('A timer is already running');
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'start',
      entity: 'timer',
      entityId: actor.id,
      after: { client_id: input.client_id, activity_type_id: input.activity_type_id, started_at: now.toISOString() },
    });
    const row = await findTimer(tx, actor, false);
    return { timer: timerViewOf(row!, now) };
  });
}

/**
 * Stops the timer and records its whole elapsed minutes as an entry dated the day it
 * started (in the firm's time zone), through the same checks, rounding and rate capture as
 * any entry. Timer and entry change in one transaction: a failed entry keeps the timer.
 */
export async function stopTimer(
  db: Db,
  actor: SessionUser,
  input: TimerStopInput,
  now: Date,
): Promise<{ time_entry: TimeEntryView }> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const row = await findTimer(tx, actor, true);
    if (!row) throw notFound('No timer is running');
    const { timer } = row;
    const { timeZone } = await loadTimeSettings(tx, organizationId);
    await tx
      .delete(runningTimers)
      .where(and(eq(runningTimers.organizationId, organizationId), eq(runningTimers.userId, actor.id)));
    const timeEntry = await insertTimeEntry(tx, actor, {
      userId: actor.id,
      clientId: timer.clientId,
      activityTypeId: timer.activityTypeId,
      entryDate: dateInZone(timer.startedAt, timeZone),
      minutes: elapsedMinutes(timer.startedAt, now),
      narrative: input.narrative ?? timer.narrative,
      billable: undefined,
      status: input.status,
    });
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'stop',
      entity: 'timer',
      entityId: actor.id,
      before: { started_at: timer.startedAt.toISOString() },
      after: { time_entry_id: timeEntry.id, minutes: timeEntry.minutes },
    });
    return { time_entry: timeEntry };
  });
}

/** Throws the running timer away without recording time. */
export async function discardTimer(db: Db, actor: SessionUser): Promise<void> {
  const organizationId = actor.organizationId;
  await withTenant(db, organizationId, async (tx) => {
    const deleted = await tx
      .delete(runningTimers)
      .where(and(eq(runningTimers.organizationId, organizationId), eq(runningTimers.userId, actor.id)))
      .returning();
    if (deleted.length === 0) throw notFound('No timer is running');
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'discard',
      entity: 'timer',
      entityId: actor.id,
      before: { started_at: deleted[0]!.startedAt.toISOString() },
    });
  });
}
