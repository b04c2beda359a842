import { usernameSchema } from '@practice/shared';
import { loadCeremonies } from './load-ceremonies';
import { conditionalMediationAvailable } from './passkey-support';

export type AutofillOutcome = { kind: 'signed-in' } | { kind: 'failed'; message: string } | { kind: 'idle' };

/**
 * SPEC 4's conditional (autofill) sign-in. The server's options need a username (ADR 0085),
 * so the request is armed for the username typed, and the browser then offers the device's
 * passkeys in the fields marked `webauthn`. It stays pending until one is picked or the
 * ceremony is replaced or cancelled ('idle').
 */
export async function armPasskeyAutofill(username: string, signal: AbortSignal): Promise<AutofillOutcome> {
  // Only a name the sign-in form would accept (SPEC 5) is worth a round trip and the ceremony code.
  const name = username.trim();
  if (!usernameSchema.safeParse(name).success || !(await conditionalMediationAvailable())) return { kind: 'idle' };
  const { signInWithPasskey } = await loadCeremonies();
  // The form may have been submitted or closed meanwhile: then no request starts at all.
  if (signal.aborted) return { kind: 'idle' };
  const result = await signInWithPasskey(name, { autofill: true });
  if (result.kind === 'superseded') return { kind: 'idle' };
  return result.kind === 'signed-in' ? { kind: 'signed-in' } : result;
}
