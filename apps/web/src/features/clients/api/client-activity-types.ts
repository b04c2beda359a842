import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { ClientActivityTypesInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { clientKeys } from './client-views';

const clientActivityTypeSchema = z.object({
  activity_type_id: z.number(),
  name: z.string(),
  code: z.string(),
  billable: z.boolean(),
  active: z.boolean(),
  enabled: z.boolean(),
  default_rate_cents: z.nullable(z.number()),
  override_rate_cents: z.nullable(z.number()),
});
export type ClientActivityType = z.infer<typeof clientActivityTypeSchema>;

const clientActivityTypesSchema = z.object({
  client_id: z.number(),
  as_of: z.string(),
  items: z.array(clientActivityTypeSchema),
});

const keyOf = (clientId: number) => [...clientKeys.detail(clientId), 'activity-types'] as const;

/** GET /clients/{id}/activity-types: every firm activity type with this client's setting and rates today. */
export function useClientActivityTypes(clientId: number) {
  return useQuery({
    queryKey: keyOf(clientId),
    queryFn: async () => parseAnswer(clientActivityTypesSchema, await api.get(`/clients/${clientId}/activity-types`)),
  });
}

/** PUT /clients/{id}/activity-types: which types the client may be charged for, and its rate overrides. */
export function useSaveClientActivityTypes(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ClientActivityTypesInput) =>
      parseAnswer(clientActivityTypesSchema, await api.put(`/clients/${clientId}/activity-types`, input)),
    onSuccess: (saved) => queryClient.setQueryData(keyOf(clientId), saved),
  });
}
