import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listPasskeys, renamePasskey, revokePasskey } from './passkey-credentials';

export const passkeyKeys = { all: ['passkeys'] as const };

export function usePasskeys(enabled = true) {
  return useQuery({ queryKey: passkeyKeys.all, queryFn: listPasskeys, enabled });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deviceName }: { id: number; deviceName: string }) => renamePasskey(id, deviceName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

export function useRevokePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, currentPassword }: { id: number; currentPassword?: string }) =>
      revokePasskey(id, currentPassword),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}
