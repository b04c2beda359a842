import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { clientKeys } from './client-views';

const nextIdSchema = z.object({ client_id: z.string() });

/** GET /clients/next-id: the client ID the form suggests for a new client (a suggestion: the server decides). */
export function useNextClientId(enabled: boolean) {
  return useQuery({
    queryKey: [...clientKeys.all, 'next-id'],
    queryFn: async () => parseAnswer(nextIdSchema, await api.get('/clients/next-id')).client_id,
    enabled,
    staleTime: 0,
  });
}
