import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { timeKeys } from './time-views';

const clientRef = z.object({ id: z.number(), client_id: z.string(), legal_name: z.string() });

const teamSchema = z.object({
  start: z.string(),
  end: z.string(),
  days: z.array(z.string()),
  items: z.array(
    z.object({
      user: z.object({ id: z.number(), name: z.string(), active: z.boolean() }),
      rows: z.array(z.object({ client: clientRef, days: z.array(z.number()), total_minutes: z.number() })),
      day_totals: z.array(z.number()),
      total_minutes: z.number(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  totals: z.object({ day_totals: z.array(z.number()), total_minutes: z.number() }),
});
export type TeamTimesheet = z.infer<typeof teamSchema>;

export const TEAM_PAGE_SIZE = 25;

export type TeamFilter = { start: string | null; userId: string | null; clientId: string | null; page: number };

/** The query string of a team filter, for the timesheet and for its CSV export alike. */
export function teamQuery(filter: TeamFilter): URLSearchParams {
  const params = new URLSearchParams({ page: String(filter.page), page_size: String(TEAM_PAGE_SIZE) });
  if (filter.start) params.set('start', filter.start);
  if (filter.userId) params.set('user_id', filter.userId);
  if (filter.clientId) params.set('client_id', filter.clientId);
  return params;
}

/** GET /time-entries/team (can_edit_time_entries): everyone's week by person and client. */
export function useTeamTimesheet(filter: TeamFilter) {
  return useQuery({
    queryKey: [...timeKeys.all, 'team', filter],
    queryFn: async () => parseAnswer(teamSchema, await api.get(`/time-entries/team?${teamQuery(filter).toString()}`)),
    placeholderData: keepPreviousData,
  });
}
