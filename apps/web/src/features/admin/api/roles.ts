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

function useRoleMutation<Args, Result>(call: (args: Args) => Promise<Result>) {
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

/** POST /roles: a new role, with no flags until the editor saves them. */
export function useCreateRole() {
  return useRoleMutation(async (input: RoleInput) => api.post('/roles', input));
}

/** DELETE /roles/{id}, for a role nobody holds. */
export function useDeleteRole() {
  return useRoleMutation(async (id: number) => api.delete(`/roles/${id}`));
}

export type RoleChange = { id: number; name: string; input: RoleInput };
export type RoleSaveFailure = { name: string; message: string };
export type RolesSaveReport = { saved: RoleChange[]; failed: RoleSaveFailure[] };

/**
 * PUT /roles/{id} for each changed role, one after the other in the order given (ADR 0214):
 * each keeps its own version, so a role someone else changed meanwhile is refused alone and
 * the report says which roles were saved and which were not.
 */
export function useSaveRoleChanges() {
  return useRoleMutation(async (changes: RoleChange[]): Promise<RolesSaveReport> => {
    const report: RolesSaveReport = { saved: [], failed: [] };
    for (const change of changes) {
      try {
        await api.put(`/roles/${change.id}`, change.input);
        report.saved.push(change);
      } catch (error) {
        report.failed.push({ name: change.name, message: error instanceof Error ? error.message : String(error) });
      }
    }
    return report;
  });
}
