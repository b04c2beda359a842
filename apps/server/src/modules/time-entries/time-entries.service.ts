import { and, eq } from 'drizzle-orm';
import type { TimeEntryInput, TimeEntryUpdateInput } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { timeEntries } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { requireActivityTypeForClient } from '../activity-types/activity-type-lookup';
import { writeAudit } from '../audit/audit';
import { requireClient } from '../clients/client-lookup';
import { staleVersion } from '../records/field-errors';
import { requireOrganizationUser } from '../records/user-lookup';
import { resolveRate } from '../rates/rate-resolver';
import { assertMayChange, assertMaySee } from './entry-access';
import { loadNewWorkContext } from './new-work-context';
import { loadTimeSettings } from './organization-settings';
import { amountCents, roundMinutes } from './time-math';
import { entrySnapshot, selectTimeEntries, timeEntryViewOf, type TimeEntryView } from './time-entry-view';

export const BILLED_LOCKED = 'This time entry is billed and locked';
/** A draft invoice holds the entry (ADR 0110): delete the draft to change it. */
export const ON_DRAFT_INVOICE = 'This time entry is on a draft invoice; delete the draft to change it';

export async function loadTimeEntry(tx: Tx, organizationId: number, entryId: number): Promise<TimeEntryView> {
  const [row] = await selectTimeEntries(tx, organizationId, eq(timeEntries.id, entryId));
  if (!row) throw notFound('Time entry not found');
  return timeEntryViewOf(row);
}

/** The owner of a new or moved entry: the signed-in user, or someone else with can_edit_time_entries. */
async function ownerOf(tx: Tx, actor: SessionUser, userId: number | undefined): Promise<number> {
  const ownerId = userId ?? actor.id;
  assertMayChange(actor, ownerId);
  if (ownerId !== actor.id) await requireOrganizationUser(tx, actor.organizationId, ownerId, 'user_id');
  return ownerId;
}

export type NewEntry = {
  userId: number;
  clientId: number;
  activityTypeId: number;
  entryDate: string;
  minutes: number;
  narrative: string;
  billable: boolean | undefined;
  status: 'draft' | 'completed';
};

/**
 * Checks the owner, client and activity type (this organization's, active, enabled for the
 * client), rounds the minutes by the organization's rule, captures the rate in force on
 * the entry's date and inserts the entry with its audit row. The answer is built from the
 * inserted row and the names already read, not read back.
 */
export async function insertTimeEntry(tx: Tx, actor: SessionUser, entry: NewEntry): Promise<TimeEntryView> {
  const organizationId = actor.organizationId;
  const context = await loadNewWorkContext(tx, {
    organizationId,
    userId: entry.userId,
    clientId: entry.clientId,
    activityTypeId: entry.activityTypeId,
    date: entry.entryDate,
  });
  const minutes = roundMinutes(entry.minutes, context.rounding);
  const [created] = await tx
    .insert(timeEntries)
    .values({
      organizationId,
      userId: entry.userId,
      clientId: entry.clientId,
      activityTypeId: entry.activityTypeId,
      entryDate: entry.entryDate,
      minutes,
      narrative: entry.narrative,
      billable: entry.billable ?? context.activity.billable,
      status: entry.status,
      rateCents: context.rate.rateCents,
      rateSource: context.rate.source,
      amountCents: amountCents(context.rate.rateCents, minutes),
      createdBy: actor.id,
    })
    .returning();
  await writeAudit(tx, {
    organizationId,
    userId: actor.id,
    action: 'create',
    entity: 'time_entry',
    entityId: created!.id,
    after: entrySnapshot(created!),
  });
  return timeEntryViewOf({
    entry: created!,
    user: context.owner,
    client: { code: context.client.code, legalName: context.client.legalName },
    activity: { name: context.activity.name, code: context.activity.code },
  });
}

export async function createTimeEntry(db: Db, actor: SessionUser, input: TimeEntryInput): Promise<TimeEntryView> {
  const userId = input.user_id ?? actor.id;
  assertMayChange(actor, userId);
  return withTenant(db, actor.organizationId, (tx) =>
    insertTimeEntry(tx, actor, {
      userId,
      clientId: input.client_id,
      activityTypeId: input.activity_type_id,
      entryDate: input.entry_date,
      minutes: input.minutes,
      narrative: input.narrative,
      billable: input.billable,
      status: input.status,
    }),
  );
}

export async function getTimeEntry(db: Db, actor: SessionUser, entryId: number): Promise<TimeEntryView> {
  return withTenant(db, actor.organizationId, async (tx) => {
    const view = await loadTimeEntry(tx, actor.organizationId, entryId);
    assertMaySee(actor, view.user_id);
    return view;
  });
}

/** The entry locked for this transaction, after the checks every change needs. */
async function lockForChange(tx: Tx, actor: SessionUser, entryId: number) {
  const [current] = await tx
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.organizationId, actor.organizationId), eq(timeEntries.id, entryId)))
    .for('update');
  if (!current) throw notFound('Time entry not found');
  assertMayChange(actor, current.userId);
  if (current.status === 'billed') throw conflict(BILLED_LOCKED);
  if (current.invoiceId !== null) throw conflict(ON_DRAFT_INVOICE);
  return current;
}

/**
 * Replaces an unbilled entry. A stale `version` answers 409 (under the row lock, so of two
 * concurrent saves of one version exactly one wins). The rate is decided again only when
 * the user, client, activity type or date changes; otherwise the captured rate stays and
 * only the amount follows the minutes, so a later rate change never re-prices the entry.
 */
export async function updateTimeEntry(
  db: Db,
  actor: SessionUser,
  entryId: number,
  input: TimeEntryUpdateInput,
): Promise<TimeEntryView> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const current = await lockForChange(tx, actor, entryId);
    if (current.version !== input.version) throw staleVersion('time entry');
    const userId = input.user_id === undefined ? current.userId : await ownerOf(tx, actor, input.user_id);
    const clientChanged = input.client_id !== current.clientId;
    const activityChanged = input.activity_type_id !== current.activityTypeId;
    await requireClient(tx, organizationId, input.client_id, { forNewWork: clientChanged });
    const activity =
      clientChanged || activityChanged
        ? await requireActivityTypeForClient(tx, organizationId, input.activity_type_id, input.client_id)
        : null;
    const { rounding } = await loadTimeSettings(tx, organizationId);
    const minutes = roundMinutes(input.minutes, rounding);
    const repriced =
      clientChanged || activityChanged || userId !== current.userId || input.entry_date !== current.entryDate;
    const rate = repriced
      ? await resolveRate(tx, {
          organizationId,
          userId,
          clientId: input.client_id,
          activityTypeId: input.activity_type_id,
          date: input.entry_date,
        })
      : { rateCents: current.rateCents, source: current.rateSource };
    const [updated] = await tx
      .update(timeEntries)
      .set({
        userId,
        clientId: input.client_id,
        activityTypeId: input.activity_type_id,
        entryDate: input.entry_date,
        minutes,
        narrative: input.narrative,
        billable: input.billable ?? activity?.billable ?? current.billable,
        status: input.status,
        rateCents: rate.rateCents,
        rateSource: rate.source,
        amountCents: amountCents(rate.rateCents, minutes),
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(timeEntries.organizationId, organizationId), eq(timeEntries.id, entryId)))
      .returning();
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'update',
      entity: 'time_entry',
      entityId: entryId,
      before: entrySnapshot(current),
      after: entrySnapshot(updated!),
    });
    return loadTimeEntry(tx, organizationId, entryId);
  });
}

export async function deleteTimeEntry(db: Db, actor: SessionUser, entryId: number): Promise<void> {
  const organizationId = actor.organizationId;
  await withTenant(db, organizationId, async (tx) => {
    const current = await lockForChange(tx, actor, entryId);
    await tx
      .delete(timeEntries)
      .where(and(eq(timeEntries.organizationId, organizationId), eq(timeEntries.id, entryId)));
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'delete',
      entity: 'time_entry',
      entityId: entryId,
      before: entrySnapshot(current),
    });
  });
}
