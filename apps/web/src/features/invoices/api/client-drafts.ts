import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { invoiceKeys, wipExpenseSchema, wipTimeEntrySchema } from './invoice-views';

const clientDraftsSchema = z.object({
  client: z.object({ id: z.number(), client_id: z.string(), legal_name: z.string() }),
  time_entries: z.array(wipTimeEntrySchema),
  expenses: z.array(wipExpenseSchema),
  totals: z.object({
    time_entries: z.number(),
    minutes: z.number(),
    expenses: z.number(),
    expense_cents: z.number(),
  }),
});
export type ClientDrafts = z.infer<typeof clientDraftsSchema>;

const draftKey = (clientId: number) => [...invoiceKeys.all, 'drafts', clientId] as const;

/** GET /clients/{id}/drafts: the client's billable drafts, which reach WIP once completed (ADR 0199). */
export function useClientDrafts(clientId: number) {
  return useQuery({
    queryKey: draftKey(clientId),
    queryFn: async () => parseAnswer(clientDraftsSchema, await api.get(`/clients/${clientId}/drafts`)),
    staleTime: 0,
  });
}

/** POST /time-entries/complete or /expenses/complete: the chosen drafts go to WIP, all or none. */
export function useCompleteDrafts(kind: 'time' | 'expenses') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      await api.post(kind === 'time' ? '/time-entries/complete' : '/expenses/complete', { ids });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
