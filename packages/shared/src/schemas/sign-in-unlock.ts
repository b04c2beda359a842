import { z } from 'zod/mini';

/** POST /login/unlock: the token of an e-mailed unlock link (`<organization>.<secret>`). */
export const unlockRequestSchema = z.object({
  token: z
    .string({ error: 'Token is required' })
    .check(z.minLength(1, 'Token is required'), z.maxLength(100, 'Token is invalid')),
});
export type UnlockRequestInput = z.infer<typeof unlockRequestSchema>;
