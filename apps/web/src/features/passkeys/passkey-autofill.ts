import { loadCeremonies } from './load-ceremonies';
import { checkUsername } from './passkey-input';
import { conditionalMediationAvailable } from './passkey-support';

export type AutofillOutcome = { kind: 'signed-in' } | { kind: 'failed'; message: string } | { kind: 'idle' };

/**
 * SPEC 4's conditional (autofill) sign-in. The server's options need a username (ADR 0085),
 * so the request is armed for the username typed, and the browser then offers the device's
 * passkeys in the fields marked `webauthn`. It stays pending until one is picked or the
 * ceremony is replaced or cancelled ('idle').
 */
export async function armPasskeyAutofill(username: string): Promise<AutofillOutcome> {
  const checked = checkUsername(username);
  if (!checked.ok || !(await conditionalMediationAvailable())) return { kind: 'idle' };
  const { signInWithPasskey } = await loadCeremonies();
  const result = await signInWithPasskey(checked.value, { autofill: true });
  if (result.kind === 'superseded') return { kind: 'idle' };
  return result.kind === 'signed-in' ? { kind: 'signed-in' } : result;
}
