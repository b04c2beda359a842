import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { ProfileInput, UserPreferences } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage-keys';

const preferencesSchema = z.object({
  formattedDates: z.optional(z.string()),
  notifsMode: z.optional(z.string()),
  sidebarOrder: z.optional(z.array(z.string())),
});

const keys = { preferences: ['user-preferences'] as const, profile: ['user-profile'] as const };

/** GET /api/user/preferences: what he keeps on the server, for every browser he uses. */
export function useServerPreferences() {
  return useQuery({
    queryKey: keys.preferences,
    queryFn: async () => {
      const stored = parseAnswer(preferencesSchema, await api.get('/api/user/preferences'));
      // The pages read the local keys (SPEC 3): what his account keeps wins in this browser too.
      if (stored.formattedDates) writeStorage(STORAGE_KEYS.formattedDates, stored.formattedDates);
      if (stored.notifsMode) writeStorage(STORAGE_KEYS.notifsMode, stored.notifsMode);
      return stored;
    },
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: UserPreferences) =>
      parseAnswer(preferencesSchema, await api.put('/api/user/preferences', change)),
    onSuccess: (saved) => queryClient.setQueryData(keys.preferences, saved),
  });
}

const profileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  pending_email: z.nullable(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

export function useProfile() {
  return useQuery({
    queryKey: keys.profile,
    queryFn: async () => parseAnswer(profileSchema, await api.get('/user/profile')),
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileInput & { current_password?: string }) =>
      parseAnswer(profileSchema, await api.put('/user/profile', input)),
    onSuccess: (saved) => queryClient.setQueryData(keys.profile, saved),
  });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => parseAnswer(profileSchema, await api.post('/user/email/confirm', { code })),
    onSuccess: (saved) => queryClient.setQueryData(keys.profile, saved),
  });
}
