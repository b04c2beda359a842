import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { UserCreateInput, UserUpdateInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';

export const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.object({ id: z.number(), name: z.string() }),
  active: z.boolean(),
  billing_rate_cents: z.number(),
  available_minutes_per_week: z.number(),
  last_sign_in_at: z.nullable(z.string()),
  pending_email: z.nullable(z.string()),
  created_at: z.string(),
  version: z.number(),
});
export type UserView = z.infer<typeof userSchema>;

const userDetailSchema = z.extend(userSchema, {
  rate_changes: z.array(z.object({ effective_from: z.string(), rate_cents: z.nullable(z.number()) })),
  base_rate_cents: z.number(),
  recent_time: z.array(
    z.object({ id: z.number(), entry_date: z.string(), client: z.string(), minutes: z.number(), status: z.string() }),
  ),
  sessions: z.array(
    z.object({ id: z.string(), started_at: z.string(), last_used_at: z.string(), expires_at: z.string() }),
  ),
  passkey: z.object({
    registered: z.boolean(),
    device_name: z.nullable(z.string()),
    created_at: z.nullable(z.string()),
  }),
  two_factor_enabled: z.boolean(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const USER_SORTS = ['name', 'username', 'email', 'role', 'last_sign_in_at'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export type UserListQuery = {
  q: string;
  roleId: number | null;
  active: 'true' | 'false' | null;
  sort: UserSort;
  order: 'asc' | 'desc';
  page: number;
};
export const USERS_PAGE_SIZE = 25;

export const userKeys = { all: ['users'] as const, roles: ['role-options'] as const };

function listPath(query: UserListQuery): string {
  const params = new URLSearchParams({
    page: String(query.page),
    page_size: String(USERS_PAGE_SIZE),
    sort: query.sort,
    order: query.order,
  });
  if (query.q) params.set('q', query.q);
  if (query.roleId) params.set('role_id', String(query.roleId));
  if (query.active) params.set('active', query.active);
  return `/users?${params.toString()}`;
}

/** GET /users: one page of the firm's people. */
export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: [...userKeys.all, 'list', query],
    queryFn: async () => parseAnswer(pageSchema(userSchema), await api.get(listPath(query))),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: [...userKeys.all, 'detail', id],
    queryFn: async () => parseAnswer(userDetailSchema, await api.get(`/users/${id}`)),
  });
}

const roleOptionsSchema = z.object({ items: z.array(z.object({ id: z.number(), name: z.string() })) });

/** GET /roles/options: the role picker of the user form. */
export function useRoleOptions() {
  return useQuery({
    queryKey: userKeys.roles,
    queryFn: async () => parseAnswer(roleOptionsSchema, await api.get('/roles/options')).items,
  });
}

export type SaveUser =
  { id: null; input: UserCreateInput } | { id: number; input: Omit<UserUpdateInput, 'version'>; version: number };

/** POST /users (the invitation e-mail goes out) or PUT /users/{id} with the version read. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: SaveUser) => {
      const answer =
        save.id === null
          ? await api.post('/users', save.input)
          : await api.put(`/users/${save.id}`, { ...save.input, version: save.version });
      return parseAnswer(userSchema, answer);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /users/{id}/deactivate or /reactivate. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, active }: { id: number; active: boolean }) =>
      parseAnswer(userSchema, await api.post(`/users/${id}/${active ? 'reactivate' : 'deactivate'}`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /users/{id}/two-factor/reset: e-mail codes off for a person who lost his mailbox. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api.post(`/users/${id}/two-factor/reset`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /users/{id}/invite: a fresh set-password e-mail. */
export function useResendInvitation() {
  return useMutation({ mutationFn: async (id: number) => api.post(`/users/${id}/invite`) });
}

/** PUT /users/{id}/rate: the standard rate from a date on. */
export function useSetUserRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, rateCents, effectiveFrom }: { id: number; rateCents: number; effectiveFrom: string }) =>
      api.put(`/users/${id}/rate`, { rate_cents: rateCents, effective_from: effectiveFrom }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
