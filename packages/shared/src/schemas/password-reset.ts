import { z } from 'zod/mini';
import { withoutNul } from './fields';
import { passwordSchema } from './login';

export const EMAIL_MAX = 254;
/** SPEC 5's "simple e-mail pattern": something, @, something, a dot, something; no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Email is required'),
    z.maxLength(EMAIL_MAX, 'Invalid email address'),
    z.regex(EMAIL_PATTERN, 'Invalid email address'),
    withoutNul('Email'),
  );

/** The reset modal and POST /reset_password/send. */
export const resetRequestSchema = z.object({ email: emailSchema });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

/** The /reset_password/{resetCode} page and its POST: the sign-in form's length rules. */
export const resetPasswordSchema = z.object({ password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
