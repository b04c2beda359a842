import { z } from 'zod/mini';
import { TWO_FACTOR_CODE_LENGTH } from '../constants';
import { loginSchema, usernameSchema } from './login';

export const TWO_FACTOR_CODE_MESSAGE = 'Please enter a valid 8-digit authentication code';

/** SPEC 5: exactly 8 characters. */
export const twoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_CODE_MESSAGE })
  .check(z.length(TWO_FACTOR_CODE_LENGTH, TWO_FACTOR_CODE_MESSAGE));

/** The second step of POST /login: the code from the e-mail. */
export const twoFactorLoginSchema = z.object({ '2fa_code': twoFactorCodeSchema });
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginSchema>;

/** POST /login takes either the password step or the code step; neither answers SPEC 5's combined message. */
export const loginRequestSchema = z.union([loginSchema, twoFactorLoginSchema], {
  error: 'Username and password are required',
});
export type LoginRequestInput = z.infer<typeof loginRequestSchema>;

/** GET /login?action=request_2fa_code&username=... */
export const twoFactorCodeRequestSchema = z.object({
  action: z.literal('request_2fa_code', { error: 'Unknown action' }),
  username: usernameSchema,
});

/** What POST /login answers instead of the user when a second factor is due (SPEC 7). */
export const twoFactorChallengeSchema = z.object({
  requires_2fa: z.literal(true),
  success: z.literal('2FA'),
  has_biometric: z.boolean(),
  has_email: z.boolean(),
  message: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
