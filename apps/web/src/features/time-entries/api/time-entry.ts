import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TimeEntryInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { timeEntrySchema, timeKeys, type TimeEntry } from './time-views';

function entryQuery(id: number) {
  return {
    queryKey: timeKeys.entry(id),
    queryFn: async () => parseAnswer(timeEntrySchema, await api.get(`/time-entries/${id}`)),
    staleTime: 0,
  };
}

/** GET /time-entries/{id}. */
export function useTimeEntry(id: number) {
  return useQuery(entryQuery(id));
}

/** The entry as stored now, with the version a change must name. */
export function fetchTimeEntry(queryClient: QueryClient, id: number): Promise<TimeEntry> {
  return queryClient.fetchQuery(entryQuery(id));
}

export type SaveTimeEntry = { id: number | null; version: number | null; input: TimeEntryInput };

/**
 * POST /time-entries or PUT /time-entries/{id} with the version read (stale: 409; billed: 409).
 * Every time view (week, days, timer) is fetched again afterwards.
 */
export function useSaveTimeEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, input }: SaveTimeEntry) => {
      const answer =
        id === null
          ? await api.post('/time-entries', input)
          : await api.put(`/time-entries/${id}`, { ...input, version });
      return parseAnswer(timeEntrySchema, answer);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/** DELETE /time-entries/{id} (unbilled only). */
export function useDeleteTimeEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/time-entries/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/** The input of PUT that changes only what `change` names, from the entry as stored. */
export function inputFrom(entry: TimeEntry, change: Partial<TimeEntryInput>): TimeEntryInput {
  return {
    client_id: entry.client_id,
    activity_type_id: entry.activity_type_id,
    entry_date: entry.entry_date,
    minutes: entry.minutes,
    narrative: entry.narrative,
    billable: entry.billable,
    status: entry.status === 'billed' ? 'completed' : entry.status,
    ...change,
  };
}
