import { z } from 'zod/mini';
import { CLIENT_STATUSES } from '@practice/shared';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';

const clientOptionSchema = z.object({
  id: z.number(),
  client_id: z.string(),
  legal_name: z.string(),
  status: z.enum(CLIENT_STATUSES),
});
export type ClientOption = z.infer<typeof clientOptionSchema>;

/** How many matches the client picker lists; typing more narrows them. */
export const CLIENT_OPTIONS_MAX = 20;

const optionPageSchema = pageSchema(clientOptionSchema);

/**
 * GET /clients searched by the picker: clients that may take new work (inactive ones are
 * refused by the server, so they are not offered).
 */
export function clientOptionsQuery(search: string) {
  return {
    queryKey: ['time', 'client-options', search],
    queryFn: async () => {
      const params = new URLSearchParams({ page_size: String(CLIENT_OPTIONS_MAX), sort: 'legal_name' });
      if (search) params.set('q', search);
      const page = parseAnswer(optionPageSchema, await api.get(`/clients?${params.toString()}`));
      return page.items.filter((client) => client.status !== 'inactive');
    },
    staleTime: 60_000,
  };
}
