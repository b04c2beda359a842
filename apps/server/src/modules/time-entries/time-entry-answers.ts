import { z } from 'zod';
import { pageFields } from '@practice/shared';
import type { TimeSettingsView } from './organization-settings';
import type { TeamTimesheet } from './team-timesheet';
import type { TimeEntryView } from './time-entry-view';
import type { TimerView } from './timer.service';
import type { WeekView } from './week-view';

/** A time entry as the API answers it (its OpenAPI response schema). */
export const timeEntryAnswer: z.ZodType<TimeEntryView> = z.object({
  id: z.int(),
  user_id: z.int(),
  user: z.object({ id: z.int(), name: z.string() }),
  client_id: z.int(),
  client: z.object({ id: z.int(), client_id: z.string(), legal_name: z.string() }),
  activity_type_id: z.int(),
  activity_type: z.object({ id: z.int(), name: z.string(), code: z.string() }),
  entry_date: z.string(),
  minutes: z.int(),
  hours: z.number().describe('For display; minutes is the exact figure'),
  narrative: z.string(),
  billable: z.boolean(),
  status: z.string(),
  rate_cents: z.int(),
  rate_source: z.string(),
  amount_cents: z.int(),
  invoice_id: z.int().nullable(),
  version: z.int(),
  created_at: z.date(),
  updated_at: z.date(),
});

export const timeEntryListAnswer = z.object({
  ...pageFields,
  items: z.array(timeEntryAnswer),
  totals: z.object({ minutes: z.int(), amount_cents: z.int() }),
});

export const completedEntriesAnswer = z.object({ items: z.array(timeEntryAnswer) });

/** What POST /time-entries/complete-week completed: this call's drafts only. */
export const completedWeekAnswer = z.object({
  week_start: z.string(),
  week_end: z.string(),
  time_entries: z.int(),
  minutes: z.int(),
  expenses: z.int(),
  expense_cents: z.int(),
});

const timerView: z.ZodType<TimerView> = z.object({
  client_id: z.int(),
  client: z.object({ id: z.int(), client_id: z.string(), legal_name: z.string() }),
  activity_type_id: z.int(),
  activity_type: z.object({ id: z.int(), name: z.string(), code: z.string() }),
  narrative: z.string(),
  started_at: z.date(),
  elapsed_seconds: z.int(),
});

export const timerAnswer = z.object({ timer: timerView.nullable() });
export const startedTimerAnswer = z.object({ timer: timerView });
export const stoppedTimerAnswer = z.object({ time_entry: timeEntryAnswer });

export const timeSettingsAnswer: z.ZodType<TimeSettingsView> = z.object({
  time_zone: z.string(),
  rounding_minutes: z.int(),
  rounding_mode: z.string(),
});

const clientReference = z.object({ id: z.int(), client_id: z.string(), legal_name: z.string() });

export const weekAnswer: z.ZodType<WeekView> = z.object({
  user_id: z.int(),
  start: z.string(),
  end: z.string(),
  days: z.array(z.string()),
  rows: z.array(
    z.object({
      client_id: z.int(),
      client: clientReference,
      activity_type_id: z.int(),
      activity_type: z.object({ id: z.int(), name: z.string(), code: z.string() }),
      days: z.array(z.object({ date: z.string(), minutes: z.int(), entry_ids: z.array(z.int()) })),
      total_minutes: z.int(),
    }),
  ),
  day_totals: z.array(z.int()),
  total_minutes: z.int(),
});

export const teamTimesheetAnswer: z.ZodType<TeamTimesheet> = z.object({
  ...pageFields,
  start: z.string(),
  end: z.string(),
  days: z.array(z.string()),
  items: z.array(
    z.object({
      user: z.object({ id: z.int(), name: z.string(), active: z.boolean() }),
      rows: z.array(z.object({ client: clientReference, days: z.array(z.int()), total_minutes: z.int() })),
      day_totals: z.array(z.int()),
      total_minutes: z.int(),
    }),
  ),
  totals: z.object({ day_totals: z.array(z.int()), total_minutes: z.int() }),
});
