import { z } from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../constants';
import { withoutNul } from './fields';

function boundedText(label: string, min: number, max: number) {
  return z
    .string({ error: `${label} is required` })
    .check(
      z.minLength(1, `${label} is required`),
      z.minLength(min, `${label} must be at least ${min} characters`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      withoutNul(label),
    );
}

export const usernameSchema = boundedText('Username', USERNAME_MIN, USERNAME_MAX);
export const passwordSchema = boundedText('Password', PASSWORD_MIN, PASSWORD_MAX);

/** SPEC 5 sign-in form, used by the modal and by POST /login. */
export const loginSchema = z.object({ username: usernameSchema, password: passwordSchema });
export type LoginInput = z.infer<typeof loginSchema>;
