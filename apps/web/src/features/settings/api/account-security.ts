import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountSecuritySchema, type ChangePasswordInput, type TwoFactorSettingInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';

export const accountSecurityKeys = {
  status: ['account-security'] as const,
};

/** GET /api/account/security: the user's 2FA setting, the organization's rule, whether a passkey exists. */
export function useAccountSecurity() {
  return useQuery({
    queryKey: accountSecurityKeys.status,
    queryFn: async () => parseAnswer(accountSecuritySchema, await api.get('/api/account/security')),
  });
}

/** POST /api/account/password: other sessions end, this one stays signed in. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      await api.post('/api/account/password', input);
    },
  });
}

/** PUT /api/account/two-factor answers the new status, which replaces the cached one. */
export function useSetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TwoFactorSettingInput) =>
      parseAnswer(accountSecuritySchema, await api.put('/api/account/two-factor', input)),
    onSuccess: (status) => queryClient.setQueryData(accountSecurityKeys.status, status),
  });
}
