import { z } from 'zod/mini';
import { resetRequestSchema } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { ApiError } from '../../../lib/api-error';

/** SPEC 8's success text; the server answers the same words for known and unknown addresses. */
export const RESET_EMAIL_SENT = 'Password reset email sent!';

export type ResetRequestOutcome = { ok: boolean; message: string };

/** SPEC 5: the e-mail field's message, or null when the address will do. */
export function emailProblem(email: string): string | null {
  const parsed = resetRequestSchema.safeParse({ email });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** SPEC 8 words for a reset request that failed. */
export function resetRequestFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return 'An unexpected error occurred';
  if (error.network) return 'Network error during password reset';
  return error.serverMessage ?? 'Failed to send reset email';
}

/** POST /reset_password/send {email}. */
export async function requestPasswordReset(email: string): Promise<ResetRequestOutcome> {
  const problem = emailProblem(email);
  if (problem) return { ok: false, message: problem };
  try {
    await api.post('/reset_password/send', { email: email.trim() });
    return { ok: true, message: RESET_EMAIL_SENT };
  } catch (error) {
    return { ok: false, message: resetRequestFailure(error) };
  }
}

const resetLinkSchema = z.object({ valid: z.boolean() });
const resetDoneSchema = z.object({ message: z.string() });

function resetPath(resetCode: string): string {
  return `/reset_password/${encodeURIComponent(resetCode)}`;
}

/** GET /reset_password/{resetCode}: whether the link can still be used. */
export async function isResetLinkValid(resetCode: string): Promise<boolean> {
  return parseAnswer(resetLinkSchema, await api.get(resetPath(resetCode))).valid;
}

/** POST /reset_password/{resetCode} {password}: answers the server's confirmation; it signs nobody in. */
export async function chooseNewPassword(resetCode: string, password: string): Promise<string> {
  return parseAnswer(resetDoneSchema, await api.post(resetPath(resetCode), { password })).message;
}
