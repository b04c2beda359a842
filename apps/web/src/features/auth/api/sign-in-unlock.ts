import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';

const unlockAnswerSchema = z.object({ message: z.string() });

/** POST /login/unlock {token}: the e-mailed link makes this browser the user's own at sign-in (ADR 0206). */
export function useUnlockThisBrowser() {
  return useMutation({
    mutationFn: async (token: string) =>
      parseAnswer(unlockAnswerSchema, await api.post('/login/unlock', { token })).message,
  });
}
