import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { OrganizationSettingsInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { loadOrganizationConfig } from '../../../lib/organization-config';

export const settingsSchema = z.object({
  name: z.string(),
  subdomain: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  logo_url: z.nullable(z.string()),
  logo_content_type: z.nullable(z.string()),
  invoice_prefix: z.string(),
  default_terms_days: z.number(),
  remit_to: z.string(),
  invoice_footer: z.string(),
  time_zone: z.string(),
  rounding_minutes: z.number(),
  rounding_mode: z.string(),
  version: z.number(),
});
export type FirmSettings = z.infer<typeof settingsSchema>;

export const settingsKeys = { settings: ['firm-settings'] as const };

export function useFirmSettings() {
  return useQuery({
    queryKey: settingsKeys.settings,
    queryFn: async () => parseAnswer(settingsSchema, await api.get('/api/organization/settings')),
  });
}

function useSettingsMutation<Args>(call: (args: Args) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (args: Args) => parseAnswer(settingsSchema, await call(args)),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.settings, saved);
      // The shell's colours, name and logo come from the organization's configuration: read it again.
      return loadOrganizationConfig();
    },
  });
}

/** PUT /api/organization/settings with the version the form read. */
export function useSaveSettings() {
  return useSettingsMutation((input: OrganizationSettingsInput) => api.put('/api/organization/settings', input));
}

/** POST /api/organization/logo (multipart), or DELETE it with null. */
export function useSetLogo() {
  return useSettingsMutation((file: File | null) => {
    if (!file) return api.delete('/api/organization/logo');
    const form = new FormData();
    form.append('file', file);
    return api.post('/api/organization/logo', form);
  });
}
