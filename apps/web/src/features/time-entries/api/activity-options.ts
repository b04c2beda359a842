import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';

const optionsSchema = z.object({
  items: z.array(
    z.object({
      activity_type_id: z.number(),
      name: z.string(),
      code: z.string(),
      billable: z.boolean(),
      active: z.boolean(),
      enabled: z.boolean(),
    }),
  ),
});
export type ActivityOption = { id: number; name: string; code: string; billable: boolean };

/** GET /clients/{id}/activity-types: what time for this client may be recorded against (active and enabled). */
export function useActivityOptions(clientId: number | null) {
  return useQuery({
    queryKey: ['time', 'activity-options', clientId],
    queryFn: async (): Promise<ActivityOption[]> => {
      const { items } = parseAnswer(optionsSchema, await api.get(`/clients/${clientId}/activity-types`));
      return items
        .filter((item) => item.active && item.enabled)
        .map((item) => ({ id: item.activity_type_id, name: item.name, code: item.code, billable: item.billable }));
    },
    enabled: clientId !== null,
    staleTime: 60_000,
  });
}
