import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { invoiceKeys, wipSchema } from './invoice-views';

/** GET /clients/{id}/wip: the client's unbilled billable items, fetched on every visit (time is recorded elsewhere). */
export function useWip(clientId: number) {
  return useQuery({
    queryKey: invoiceKeys.wip(clientId),
    queryFn: async () => parseAnswer(wipSchema, await api.get(`/clients/${clientId}/wip`)),
    staleTime: 0,
  });
}
