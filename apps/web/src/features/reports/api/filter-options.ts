import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';

/** How many matches a filter box lists; typing more narrows them. */
const OPTIONS_MAX = 20;

const clientOptionSchema = z.object({ id: z.number(), client_id: z.string(), legal_name: z.string() });
export type ReportClientOption = z.infer<typeof clientOptionSchema>;

/** GET /clients searched by the report's client filter: every client, inactive ones too (their history counts). */
export function reportClientOptions(search: string) {
  return {
    queryKey: ['reports', 'client-options', search],
    queryFn: async () => {
      const params = new URLSearchParams({ page_size: String(OPTIONS_MAX), sort: 'legal_name' });
      if (search) params.set('q', search);
      return parseAnswer(pageSchema(clientOptionSchema), await api.get(`/clients?${params.toString()}`)).items;
    },
    staleTime: 60_000,
  };
}

const personOptionSchema = z.object({ id: z.number(), name: z.string() });
export type ReportPersonOption = z.infer<typeof personOptionSchema>;

/** GET /users/options: the firm's people by name, for the staff and partner filters. */
export function reportPeopleOptions(search: string) {
  return {
    queryKey: ['reports', 'people-options', search],
    queryFn: async () => {
      const params = new URLSearchParams({ page_size: String(OPTIONS_MAX) });
      if (search) params.set('q', search);
      const answer = z.object({ items: z.array(personOptionSchema) });
      return parseAnswer(answer, await api.get(`/users/options?${params.toString()}`)).items;
    },
    staleTime: 60_000,
  };
}
