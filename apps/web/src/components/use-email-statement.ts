import { useMutation } from '@tanstack/react-query';
import type { StatementEmailInput } from '@practice/shared';
import { api } from '../lib/api';

/** POST /clients/{id}/statement/email: 202, one message per recipient with the PDF attached. */
export function useEmailStatement(clientId: number) {
  return useMutation({
    mutationFn: async (input: StatementEmailInput) =>
      api.post<{ queued: number; to: string[]; as_of: string }>(`/clients/${clientId}/statement/email`, input),
  });
}
