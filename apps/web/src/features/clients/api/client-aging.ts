import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';

const agingFigures = {
  current_cents: z.number(),
  days_1_30_cents: z.number(),
  days_31_60_cents: z.number(),
  days_61_90_cents: z.number(),
  days_over_90_cents: z.number(),
  unapplied_cents: z.number(),
  balance_cents: z.number(),
};

const agingSchema = z.object({
  as_of: z.string(),
  items: z.array(z.object({ client_id: z.number(), ...agingFigures })),
});

export type ClientAging = z.infer<typeof agingSchema>['items'][number];

/**
 * GET /ledger/aging?client_id=: the client's AR balance and aging today. A client with
 * nothing owed and no credit is not listed, so no item means all figures are zero. Under the
 * 'ledger' key, which every payment change refreshes.
 */
export function useClientAging(clientId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['ledger', 'aging', { clientId }],
    queryFn: async () => {
      const answer = parseAnswer(agingSchema, await api.get(`/ledger/aging?client_id=${clientId}`));
      return { as_of: answer.as_of, item: answer.items.find((item) => item.client_id === clientId) ?? null };
    },
    enabled: enabled && clientId > 0,
    staleTime: 0,
  });
}
