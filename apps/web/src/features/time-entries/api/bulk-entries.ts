import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { timeEntrySchema, timeKeys } from './time-views';

/** POST /time-entries/complete: several drafts completed at once, all or none (docs/decisions/0108). */
export function useCompleteEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      parseAnswer(z.object({ items: z.array(timeEntrySchema) }), await api.post('/time-entries/complete', { ids })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/** POST /time-entries/{id}/duplicate: a new draft like the entry, on its date. */
export function useDuplicateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => parseAnswer(timeEntrySchema, await api.post(`/time-entries/${id}/duplicate`, {})),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}
