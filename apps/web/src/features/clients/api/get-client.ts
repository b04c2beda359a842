import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { clientKeys, clientProfileSchema } from './client-views';

/**
 * GET /clients/{id}: the profile page's data and the edit form's starting values. Fetched
 * on every visit: its unbilled totals and recent time change from the time pages too.
 */
export function useClient(id: number) {
  return useQuery({
    queryKey: clientKeys.detail(id),
    queryFn: async () => parseAnswer(clientProfileSchema, await api.get(`/clients/${id}`)),
    staleTime: 0,
  });
}
