import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { RoleInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';

const roleSchema = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  permissions: z.record(z.string(), z.boolean()),
  built_in: z.boolean(),
  users: z.number(),
  version: z.number(),
});
export type RoleView = z.infer<typeof roleSchema>;

const roleKeys = { all: ['roles'] as const };

export function useRoles() {
  return useQuery({
    queryKey: roleKeys.all,
    queryFn: async () => parseAnswer(z.object({ items: z.array(roleSchema) }), await api.get('/roles')).items,
  });
}

function useRoleMutation<Args>(call: (args: Args) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['role-options'] }),
      ]),
  });
}

/** POST /roles or PUT /roles/{id}; DELETE /roles/{id} for one nobody holds. */
export function useSaveRole() {
  return useRoleMutation(async ({ id, input }: { id: number | null; input: RoleInput }) =>
    id === null ? api.post('/roles', input) : api.put(`/roles/${id}`, input),
  );
}

export function useDeleteRole() {
  return useRoleMutation(async (id: number) => api.delete(`/roles/${id}`));
}
