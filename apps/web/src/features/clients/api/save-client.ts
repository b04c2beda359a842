import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { ClientInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { clientKeys } from './client-views';

const savedSchema = z.object({ id: z.number() });

export type SaveClient = { id: number | null; version: number | null; input: ClientInput };

/**
 * POST /clients or PUT /clients/{id} with the version read (a stale one answers 409). The
 * lists and the client's profile are fetched again afterwards.
 */
export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, input }: SaveClient) => {
      const answer =
        id === null ? await api.post('/clients', input) : await api.put(`/clients/${id}`, { ...input, version });
      return parseAnswer(savedSchema, answer).id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
