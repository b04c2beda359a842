import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { addDays } from '../utils/calendar';
import { timeEntryPageSchema, timeKeys } from './time-views';

const draftExpenseTotalsSchema = z.object({
  total: z.number(),
  totals: z.object({ amount_cents: z.number(), total_cents: z.number() }),
});

export type WeekDrafts = { timeEntries: number; minutes: number; expenses: number; expenseCents: number };

/** What "Complete the week" would complete: the signed-in user's drafts of the week, counted by the lists' totals. */
export function useWeekDrafts(weekStart: string, enabled: boolean) {
  return useQuery({
    queryKey: timeKeys.entries({ weekDrafts: weekStart }),
    queryFn: async (): Promise<WeekDrafts> => {
      const params = new URLSearchParams({
        from: weekStart,
        to: addDays(weekStart, 6),
        status: 'draft',
        page_size: '1',
      });
      const [time, expenses] = await Promise.all([
        api.get(`/time-entries?${params.toString()}`),
        api.get(`/expenses?${params.toString()}`),
      ]);
      const entries = parseAnswer(timeEntryPageSchema, time);
      const money = parseAnswer(draftExpenseTotalsSchema, expenses);
      return {
        timeEntries: entries.total,
        minutes: entries.totals.minutes,
        expenses: money.total,
        expenseCents: money.totals.total_cents,
      };
    },
    enabled,
    // Asked when the dialog opens: the count must be the week's as it is now.
    staleTime: 0,
  });
}

const completedWeekSchema = z.object({
  week_start: z.string(),
  week_end: z.string(),
  time_entries: z.number(),
  minutes: z.number(),
  expenses: z.number(),
  expense_cents: z.number(),
});

/** POST /time-entries/complete-week: the caller's drafts of the week, time and expenses (docs/decisions/0198). */
export function useCompleteWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (weekStart: string) =>
      parseAnswer(completedWeekSchema, await api.post('/time-entries/complete-week', { week_start: weekStart })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}
