import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { platformAuthenticatorAvailable } from './passkey-support';

const flagKey = (username: string) => `${STORAGE_KEYS.passkeyPromptShownPrefix}${username.trim().toLowerCase()}`;

export function markPromptShown(username: string): void {
  writeStorage(flagKey(username), 'true');
}

/**
 * SPEC 4: the setup prompt after a sign-in, at most once per username (recorded on this
 * device), only where the device has a platform authenticator and the user no passkey yet.
 */
export async function setupPromptDue(username: string): Promise<boolean> {
  if (readStorage(flagKey(username)) === 'true') return false;
  if (!(await platformAuthenticatorAvailable())) return false;
  try {
    // Loaded only now: the list's schemas stay out of the /login chunk.
    const { listPasskeys } = await import('./api/passkey-credentials');
    return (await listPasskeys()).length === 0;
  } catch (error) {
    console.error('Passkey prompt skipped: the passkey list did not load', error);
    return false;
  }
}
