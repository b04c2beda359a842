import { z } from 'zod/mini';
import { idOf, isoDate, optionalText, versionField } from './fields';

export const TIME_ENTRY_STATUSES = ['draft', 'completed', 'billed'] as const;
export type TimeEntryStatus = (typeof TIME_ENTRY_STATUSES)[number];
/** Billed arrives only through an invoice; people set these two. */
export const EDITABLE_STATUSES = ['draft', 'completed'] as const;

export const MINUTES_PER_DAY = 24 * 60;
export const NARRATIVE_MAX = 2000;

const minutes = z
  .int({ error: (issue) => (issue.input === undefined ? 'Minutes are required' : 'Minutes must be a whole number') })
  .check(
    z.gt(0, 'Minutes must be more than 0'),
    z.lte(MINUTES_PER_DAY, `Minutes must be at most ${MINUTES_PER_DAY} (24 hours)`),
  );

const narrative = optionalText('Narrative', NARRATIVE_MAX);
const editableStatus = z.enum(EDITABLE_STATUSES, 'Status must be draft or completed');

/**
 * The time entry form and POST /time-entries. `user_id` (default: the signed-in user) needs
 * can_edit_time_entries for someone else; `billable` defaults to the activity type's flag.
 */
export const timeEntrySchema = z.object({
  user_id: z.optional(idOf('User')),
  client_id: idOf('Client'),
  activity_type_id: idOf('Activity type'),
  entry_date: isoDate('Date'),
  minutes,
  narrative: z._default(narrative, ''),
  billable: z.optional(z.boolean('Billable must be true or false')),
  status: z._default(editableStatus, 'draft'),
});
export type TimeEntryInput = z.infer<typeof timeEntrySchema>;

export const timeEntryUpdateSchema = z.extend(timeEntrySchema, { version: versionField() });
export type TimeEntryUpdateInput = z.infer<typeof timeEntryUpdateSchema>;

export const timerStartSchema = z.object({
  client_id: idOf('Client'),
  activity_type_id: idOf('Activity type'),
  narrative: z._default(narrative, ''),
});
export type TimerStartInput = z.infer<typeof timerStartSchema>;

/** Stopping may still set the narrative and the status of the entry it creates (default draft). */
export const timerStopSchema = z.object({
  narrative: z.optional(narrative),
  status: z._default(editableStatus, 'draft'),
});
export type TimerStopInput = z.infer<typeof timerStopSchema>;

export const ROUNDING_INCREMENTS = [0, 6, 15] as const;
export const ROUNDING_MODES = ['up', 'nearest'] as const;

/** The organization's rounding rule for time entries, applied on save. */
export const timeRoundingSchema = z.object({
  rounding_minutes: z.union(
    ROUNDING_INCREMENTS.map((value) => z.literal(value)),
    'Rounding must be 0 (none), 6 or 15 minutes',
  ),
  rounding_mode: z.enum(ROUNDING_MODES, 'Rounding mode must be up or nearest'),
});
export type TimeRoundingInput = z.infer<typeof timeRoundingSchema>;

/** At most a page of entries is completed at once. */
export const COMPLETE_ENTRIES_MAX = 100;

/** POST /time-entries/complete: drafts to completed, all or none. */
export const completeEntriesSchema = z.object({
  ids: z
    .array(idOf('Time entry'), 'Choose the entries to complete')
    .check(
      z.minLength(1, 'Choose at least one entry'),
      z.maxLength(COMPLETE_ENTRIES_MAX, `Complete at most ${COMPLETE_ENTRIES_MAX} entries at once`),
    ),
});
export type CompleteEntriesInput = z.infer<typeof completeEntriesSchema>;

/** POST /time-entries/complete-week: the caller's drafts of the 7 days from `week_start`, time and expenses (docs/decisions/0198). */
export const completeWeekSchema = z.object({ week_start: isoDate('Week start') });
export type CompleteWeekInput = z.infer<typeof completeWeekSchema>;

/** POST /time-entries/{id}/duplicate: a new draft like the entry, on its date or the one given. */
export const duplicateEntrySchema = z.object({ entry_date: z.optional(isoDate('Date')) });
export type DuplicateEntryInput = z.infer<typeof duplicateEntrySchema>;
