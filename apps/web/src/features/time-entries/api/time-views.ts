import { z } from 'zod/mini';
import { EXPENSE_CATEGORIES, TIME_ENTRY_STATUSES } from '@practice/shared';

/** The shapes of the time and expense answers this feature reads (apps/server/src/modules/time-entries, expenses). */

const clientRef = z.object({ id: z.number(), client_id: z.string(), legal_name: z.string() });
const activityRef = z.object({ id: z.number(), name: z.string(), code: z.string() });

export const timeEntrySchema = z.object({
  id: z.number(),
  user_id: z.number(),
  user: z.object({ id: z.number(), name: z.string() }),
  client_id: z.number(),
  client: clientRef,
  activity_type_id: z.number(),
  activity_type: activityRef,
  entry_date: z.string(),
  minutes: z.number(),
  narrative: z.string(),
  billable: z.boolean(),
  status: z.enum(TIME_ENTRY_STATUSES),
  rate_cents: z.number(),
  amount_cents: z.number(),
  version: z.number(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const timeEntryPageSchema = z.object({
  items: z.array(timeEntrySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  totals: z.object({ minutes: z.number(), amount_cents: z.number() }),
});

const weekCellSchema = z.object({ date: z.string(), minutes: z.number(), entry_ids: z.array(z.number()) });

export const weekRowSchema = z.object({
  client_id: z.number(),
  client: clientRef,
  activity_type_id: z.number(),
  activity_type: activityRef,
  days: z.array(weekCellSchema),
  total_minutes: z.number(),
});
export type WeekRow = z.infer<typeof weekRowSchema>;

export const weekSchema = z.object({
  start: z.string(),
  end: z.string(),
  days: z.array(z.string()),
  rows: z.array(weekRowSchema),
  day_totals: z.array(z.number()),
  total_minutes: z.number(),
});
export type Week = z.infer<typeof weekSchema>;

export const timerSchema = z.object({
  client: clientRef,
  activity_type: activityRef,
  narrative: z.string(),
  started_at: z.string(),
  elapsed_seconds: z.number(),
});
export type Timer = z.infer<typeof timerSchema>;

export const expenseSchema = z.object({
  id: z.number(),
  client: clientRef,
  expense_date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  description: z.string(),
  amount_cents: z.number(),
  miles: z.nullable(z.number()),
  mileage_rate_mills: z.nullable(z.number()),
  billable: z.boolean(),
  markup_basis_points: z.number(),
  total_cents: z.number(),
  status: z.enum(TIME_ENTRY_STATUSES),
  receipt: z.nullable(z.object({ content_type: z.string(), size: z.number(), name: z.string() })),
  version: z.number(),
});
export type Expense = z.infer<typeof expenseSchema>;

/** Every key starts with 'time': a change to time or expenses refreshes all of them at once. */
export const timeKeys = {
  all: ['time'] as const,
  week: (start: string | null) => [...timeKeys.all, 'week', start] as const,
  entries: (query: object) => [...timeKeys.all, 'entries', query] as const,
  entry: (id: number) => [...timeKeys.all, 'entry', id] as const,
  timer: () => [...timeKeys.all, 'timer'] as const,
  expenses: (query: object) => [...timeKeys.all, 'expenses', query] as const,
};
