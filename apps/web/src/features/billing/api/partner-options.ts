import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';

const personOptionSchema = z.object({ id: z.number(), name: z.string(), role: z.string() });
export type PartnerOption = z.infer<typeof personOptionSchema>;

const answerSchema = z.object({ items: z.array(personOptionSchema), has_more: z.boolean() });

/** GET /users/options: the firm's active people by name, for the responsible partner filter. */
export function partnerOptionsQuery(search: string) {
  return {
    queryKey: ['billing', 'partner-options', search],
    queryFn: async () => {
      const params = new URLSearchParams({ page_size: '20' });
      if (search) params.set('q', search);
      return parseAnswer(answerSchema, await api.get(`/users/options?${params.toString()}`)).items;
    },
    staleTime: 60_000,
  };
}
