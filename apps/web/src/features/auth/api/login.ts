import type { LoginInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { DEV_BYPASS_2FA_KEY } from '../../../lib/dev-storage-keys';
import { parseUser, sessionActions, type User } from '../../../lib/session-store';
import { readStorage } from '../../../lib/storage-keys';

export const MISSING_CREDENTIALS = 'Username and password are required';

/** A password accepted, with the second factors the account offers (SPEC 4, SPEC 7). */
export type SecondFactorChallenge = {
  kind: 'second-factor';
  username: string;
  hasBiometric: boolean;
  hasEmail: boolean;
  message: string;
};

/** POST /login answers the user, or asks for a second factor. */
export type LoginResult =
  { kind: 'signed-in'; user: User } | SecondFactorChallenge | { kind: 'failed'; message: string };

type SecondFactorAnswer = { requires_2fa?: unknown; success?: unknown; has_biometric?: unknown; has_email?: unknown };

function asSecondFactor(body: unknown, username: string): LoginResult | null {
  if (!body || typeof body !== 'object') return null;
  const answer = body as SecondFactorAnswer & { message?: unknown };
  if (answer.requires_2fa !== true && answer.success !== '2FA') return null;
  return {
    kind: 'second-factor',
    username,
    hasBiometric: answer.has_biometric === true,
    hasEmail: answer.has_email === true,
    message: typeof answer.message === 'string' ? answer.message : '',
  };
}

/** SPEC 5: the earlier check that runs before the field rules. */
export function credentialsMissing(input: Partial<LoginInput>): boolean {
  return !input.username?.trim() && !input.password;
}

/** Development builds only: the dev panel's toggle asks the server to skip the second factor (SPEC 7). */
function bypassHeaders(): Record<string, string> | undefined {
  if (!import.meta.env.DEV || readStorage(DEV_BYPASS_2FA_KEY) !== 'true') return undefined;
  return { 'X-Bypass-2FA': 'true' };
}

/** Signs in with a password; failures come back as SPEC 8 messages, never as exceptions. */
export async function login(input: LoginInput): Promise<LoginResult> {
  if (credentialsMissing(input)) return { kind: 'failed', message: MISSING_CREDENTIALS };
  let body: unknown;
  try {
    body = await api.post('/login', { username: input.username, password: input.password }, bypassHeaders());
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'failed', message: 'An unexpected error occurred during login' };
    if (error.network) return { kind: 'failed', message: 'Network error during login' };
    return { kind: 'failed', message: error.serverMessage ?? 'Login failed' };
  }
  const secondFactor = asSecondFactor(body, input.username);
  if (secondFactor) return secondFactor;
  const user = parseUser(body);
  if (!user) return { kind: 'failed', message: 'Login failed' };
  sessionActions.signedIn(user);
  return { kind: 'signed-in', user };
}
