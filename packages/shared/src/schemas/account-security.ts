import { z } from 'zod/mini';
import { passwordSchema } from './login';

/** The password the user signs in with today; its length is checked by comparing it, not here. */
export const currentPasswordSchema = z
  .string({ error: 'Current password is required' })
  .check(z.minLength(1, 'Current password is required'), z.maxLength(128, 'Current password is incorrect'));

/** Settings -> Security: change password. */
export const changePasswordSchema = z.object({
  current_password: currentPasswordSchema,
  new_password: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Settings -> Security: e-mail 2FA on or off. */
export const twoFactorSettingSchema = z.object({
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
  current_password: currentPasswordSchema,
});
export type TwoFactorSettingInput = z.infer<typeof twoFactorSettingSchema>;

/** Confirms a stale session before a passkey is added or removed (SECURITY.md). */
export const reauthenticationSchema = z.nullish(z.object({ current_password: z.optional(currentPasswordSchema) }));

/** GET /api/account/security */
export const accountSecuritySchema = z.object({
  two_factor_enabled: z.boolean(),
  organization_requires_2fa: z.boolean(),
  has_passkey: z.boolean(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;
