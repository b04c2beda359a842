import { twoFactorCodeSchema } from '@practice/shared';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { parseUser, sessionActions } from '../../../lib/session-store';

export type TwoFactorOutcome = { ok: true; message: string } | { ok: false; message: string };

/** SPEC 5: the code's message when it is not 8 characters, else null. */
export function codeProblem(code: string): string | null {
  const parsed = twoFactorCodeSchema.safeParse(code);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** SPEC 8 words for a refused code: the server's own, else the fallbacks. */
export function verificationFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return 'An unexpected error occurred during verification';
  if (error.network) return 'Network error during verification';
  return error.serverMessage ?? 'Invalid verification code';
}

/** SPEC 8 words for a code that could not be sent. */
export function codeRequestFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return 'An unexpected error occurred while requesting email code';
  return error.serverMessage ?? 'Failed to send email code';
}

function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return fallback;
}

/** GET /login?action=request_2fa_code: e-mails a fresh code for the pending sign-in. */
export async function requestEmailCode(username: string): Promise<TwoFactorOutcome> {
  const query = new URLSearchParams({ action: 'request_2fa_code', username });
  try {
    const body = await api.get(`/login?${query.toString()}`);
    return { ok: true, message: messageOf(body, 'Verification code sent to your email') };
  } catch (error) {
    return { ok: false, message: codeRequestFailure(error) };
  }
}

/** POST /login {2fa_code}: the second step of the pending sign-in; the answer is the user. */
export async function verifyEmailCode(code: string): Promise<TwoFactorOutcome> {
  const problem = codeProblem(code);
  if (problem) return { ok: false, message: problem };
  let body: unknown;
  try {
    body = await api.post('/login', { '2fa_code': code });
  } catch (error) {
    return { ok: false, message: verificationFailure(error) };
  }
  const user = parseUser(body);
  if (!user) return { ok: false, message: 'An unexpected error occurred during verification' };
  sessionActions.signedIn(user);
  return { ok: true, message: '' };
}
