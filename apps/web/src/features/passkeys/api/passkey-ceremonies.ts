import {
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { passkeyCredentialSchema, type PasskeyCredential } from '@practice/shared';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { parseUser, sessionActions, type User } from '../../../lib/session-store';
import { browserErrorMessage } from '../passkey-browser-errors';
import { checkDeviceName, checkUsername } from '../passkey-input';
import { API_FALLBACKS } from '../passkey-messages';

/**
 * The browser side of SPEC 7's passkey ceremonies. This module carries @simplewebauthn/browser
 * and is only ever imported dynamically (load-ceremonies.ts), so /login keeps its budget.
 */

export type SignInResult = { kind: 'signed-in'; user: User } | { kind: 'failed'; message: string } | Superseded;
export type RegistrationResult =
  | { kind: 'registered'; credential: PasskeyCredential }
  | { kind: 'needs-password'; message: string }
  | { kind: 'failed'; message: string }
  | Superseded;
/** A newer ceremony, or a cancel, took this one's place: nothing to tell the user. */
type Superseded = { kind: 'superseded' };

type Ceremony = { autofill: boolean; done: boolean };

/**
 * SPEC 4: one ceremony at a time. The library aborts the previous browser prompt whenever a
 * new one starts; `current` also tells a ceremony still fetching its options that it lost.
 * A user's click outranks the autofill request: autofill never replaces a running click.
 */
let current: Ceremony | null = null;

type CeremonyHandle = { lost: () => boolean; finish: () => void };

function beginCeremony(autofill: boolean): CeremonyHandle | null {
  if (autofill && current && !current.autofill && !current.done) return null;
  const mine: Ceremony = { autofill, done: false };
  current = mine;
  return {
    lost: () => current !== mine,
    finish: () => {
      mine.done = true;
    },
  };
}

/** Ends whatever ceremony runs (a closed modal, a password sign-in, a page left). */
export function cancelCeremony(): void {
  current = null;
  WebAuthnAbortService.cancelCeremony();
}

class CeremonyStep extends Error {
  constructor(readonly shown: string) {
    super(shown);
  }
}

/** A failed call of a step: the server's own message, else the step's SPEC 8 fallback. */
async function callStep<T>(call: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw new CeremonyStep(error.serverMessage ?? fallback);
    throw error;
  }
}

async function browserStep<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new CeremonyStep(browserErrorMessage(error));
  }
}

type SignInOptions = {
  /** Conditional mediation: the browser offers the passkey in the username field's autofill. */
  autofill?: boolean;
};

/**
 * SPEC 4 and 7: POST /api/webauthn/authenticate/options {username}, the browser's get(),
 * then POST /api/webauthn/authenticate/verify {username, credential}; the answer is the user.
 */
export async function signInWithPasskey(username: string, options: SignInOptions = {}): Promise<SignInResult> {
  const checked = checkUsername(username);
  if (!checked.ok) return { kind: 'failed', message: checked.error };
  const ceremony = beginCeremony(options.autofill === true);
  if (!ceremony) return { kind: 'superseded' };
  try {
    const optionsJSON = await callStep(
      () =>
        api.post<PublicKeyCredentialRequestOptionsJSON>('/api/webauthn/authenticate/options', {
          username: checked.value,
        }),
      API_FALLBACKS.authenticationOptions,
    );
    if (ceremony.lost()) return { kind: 'superseded' };
    // The options list no credential for any username (ADR 0094): the browser offers the
    // passkeys it holds, and says so itself when it has none.
    const credential = await browserStep(() =>
      startAuthentication({ optionsJSON, useBrowserAutofill: options.autofill === true }),
    );
    if (ceremony.lost()) return { kind: 'superseded' };
    const answer = await callStep(
      () => api.post('/api/webauthn/authenticate/verify', { username: checked.value, credential }),
      API_FALLBACKS.authentication,
    );
    const user = parseUser(answer) ?? parseUser((answer as { user?: unknown } | null)?.user);
    if (!user) return { kind: 'failed', message: API_FALLBACKS.authenticationAnswer };
    sessionActions.signedIn(user);
    return { kind: 'signed-in', user };
  } catch (error) {
    if (ceremony.lost()) return { kind: 'superseded' };
    if (error instanceof CeremonyStep) return { kind: 'failed', message: error.shown };
    console.error(API_FALLBACKS.authenticationUnexpected, error);
    return { kind: 'failed', message: API_FALLBACKS.authenticationUnexpected };
  } finally {
    ceremony.finish();
  }
}

/** ADR 0033: a session older than 10 minutes must confirm the password (403 naming current_password). */
export function asPasswordRequest(error: unknown): string | null {
  return error instanceof ApiError && error.status === 403 && error.details.current_password
    ? error.details.current_password
    : null;
}

type RegistrationInput = { deviceName: string; currentPassword?: string };

/**
 * SPEC 7: POST /api/webauthn/register/options (with the current password when the server
 * asks for it), the browser's create(), then POST /api/webauthn/register/verify
 * {credential, device_name}, answering {credential}.
 */
export async function registerPasskey(input: RegistrationInput): Promise<RegistrationResult> {
  const deviceName = checkDeviceName(input.deviceName);
  if (!deviceName.ok) return { kind: 'failed', message: deviceName.error };
  const ceremony = beginCeremony(false);
  if (!ceremony) return { kind: 'superseded' };
  try {
    const body = input.currentPassword === undefined ? undefined : { current_password: input.currentPassword };
    let optionsJSON: PublicKeyCredentialCreationOptionsJSON;
    try {
      optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>('/api/webauthn/register/options', body);
    } catch (error) {
      const passwordRequest = asPasswordRequest(error);
      if (passwordRequest) return { kind: 'needs-password', message: passwordRequest };
      throw error instanceof ApiError
        ? new CeremonyStep(error.serverMessage ?? API_FALLBACKS.registrationOptions)
        : error;
    }
    if (ceremony.lost()) return { kind: 'superseded' };
    const credential = await browserStep(() => startRegistration({ optionsJSON }));
    if (ceremony.lost()) return { kind: 'superseded' };
    const answer = await callStep(
      () => api.post('/api/webauthn/register/verify', { credential, device_name: deviceName.value }),
      API_FALLBACKS.registration,
    );
    const parsed = passkeyCredentialSchema.safeParse((answer as { credential?: unknown } | null)?.credential);
    if (!parsed.success) return { kind: 'failed', message: API_FALLBACKS.registrationAnswer };
    return { kind: 'registered', credential: parsed.data };
  } catch (error) {
    if (ceremony.lost()) return { kind: 'superseded' };
    if (error instanceof CeremonyStep) return { kind: 'failed', message: error.shown };
    console.error(API_FALLBACKS.registrationAnswer, error);
    return { kind: 'failed', message: API_FALLBACKS.registrationAnswer };
  } finally {
    ceremony.finish();
  }
}
