import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';

const personOptionSchema = z.object({ id: z.number(), name: z.string(), role: z.string() });
export type PersonOption = z.infer<typeof personOptionSchema>;

const answerSchema = z.object({ items: z.array(personOptionSchema), has_more: z.boolean() });

/** How many people a picker lists; typing more narrows them. */
export const PEOPLE_OPTIONS_MAX = 20;

/** GET /users/options: the firm's active people by name (docs/decisions/0051). */
export function peopleOptionsQuery(search: string) {
  return {
    queryKey: ['clients', 'people-options', search],
    queryFn: async () => {
      const params = new URLSearchParams({ page_size: String(PEOPLE_OPTIONS_MAX) });
      if (search) params.set('q', search);
      return parseAnswer(answerSchema, await api.get(`/users/options?${params.toString()}`)).items;
    },
    staleTime: 60_000,
  };
}
