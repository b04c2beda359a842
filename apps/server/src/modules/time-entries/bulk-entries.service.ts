import { and, eq, inArray } from 'drizzle-orm';
import type { CompleteEntriesInput, DuplicateEntryInput } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { timeEntries } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { assertMayChange } from './entry-access';
import { BILLED_LOCKED, insertTimeEntry, loadTimeEntry } from './time-entries.service';
import { entrySnapshot, selectTimeEntries, timeEntryViewOf, type TimeEntryView } from './time-entry-view';

type TimeEntryRow = typeof timeEntries.$inferSelect;

/**
 * Turns locked draft entries into completed ones, each with a new version and an audit row;
 * shared by the bulk call and the week's completion (docs/decisions/0198), which hold the rows locked.
 */
export async function completeDraftEntries(tx: Tx, actor: SessionUser, locked: TimeEntryRow[]): Promise<void> {
  for (const entry of locked.filter((candidate) => candidate.status === 'draft')) {
    const [updated] = await tx
      .update(timeEntries)
      .set({ status: 'completed', version: entry.version + 1, updatedAt: new Date() })
      .where(and(eq(timeEntries.organizationId, actor.organizationId), eq(timeEntries.id, entry.id)))
      .returning();
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.id,
      action: 'update',
      entity: 'time_entry',
      entityId: entry.id,
      before: entrySnapshot(entry),
      after: entrySnapshot(updated!),
    });
  }
}

/**
 * Completes several entries at once (docs/decisions/0108), all or none: every id must be this
 * organization's (else 404), each the actor's own or changeable by him (else 403), none billed
 * (else 409). Drafts become completed with a new version and an audit row each; entries
 * already completed stay as they are. Only the status changes, so no version is asked for.
 */
export async function completeEntries(
  db: Db,
  actor: SessionUser,
  input: CompleteEntriesInput,
): Promise<{ items: TimeEntryView[] }> {
  const organizationId = actor.organizationId;
  const ids = [...new Set(input.ids)];
  return withTenant(db, organizationId, async (tx) => {
    const current = await tx
      .select()
      .from(timeEntries)
      .where(and(eq(timeEntries.organizationId, organizationId), inArray(timeEntries.id, ids)))
      .orderBy(timeEntries.id)
      .for('update');
    if (current.length !== ids.length) throw notFound('Time entry not found');
    for (const entry of current) assertMayChange(actor, entry.userId);
    if (current.some((entry) => entry.status === 'billed')) throw conflict(BILLED_LOCKED);
    await completeDraftEntries(tx, actor, current);
    const rows = await selectTimeEntries(tx, organizationId, inArray(timeEntries.id, ids)).orderBy(timeEntries.id);
    return { items: rows.map(timeEntryViewOf) };
  });
}

/**
 * A new draft entry like an existing one (same person, client, activity type, minutes,
 * narrative and billable flag) on the entry's date or the date given. It is a new entry: the
 * client and activity type must still take new work, and its rate is the one in force on its
 * date. A billed entry may be duplicated; the copy is a draft.
 */
export async function duplicateEntry(
  db: Db,
  actor: SessionUser,
  entryId: number,
  input: DuplicateEntryInput,
): Promise<TimeEntryView> {
  return withTenant(db, actor.organizationId, async (tx) => {
    const source = await loadTimeEntry(tx, actor.organizationId, entryId);
    assertMayChange(actor, source.user_id);
    return insertTimeEntry(tx, actor, {
      userId: source.user_id,
      clientId: source.client_id,
      activityTypeId: source.activity_type_id,
      entryDate: input.entry_date ?? source.entry_date,
      minutes: source.minutes,
      narrative: source.narrative,
      billable: source.billable,
      status: 'draft',
    });
  });
}
