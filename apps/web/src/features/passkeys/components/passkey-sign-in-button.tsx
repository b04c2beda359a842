import { useState } from 'react';
import { loadCeremonies } from '../load-ceremonies';
import { USERNAME_REQUIRED } from '../passkey-texts';

export type PasskeySignInButtonProps = {
  /** Whose passkey: the typed username, or the one of the sign-in awaiting its second factor. */
  username: string;
  onSignedIn: () => void;
  /** The username is missing: the host says so in its own way (SPEC 5). */
  onUsernameMissing: (message: string) => void;
};

/** SPEC 4: passkey sign-in ('Use a passkey': a label that does not also match 'Sign In'); the ceremony code loads on the first click (ADR 0010's budget). */
export function PasskeySignInButton({ username, onSignedIn, onUsernameMissing }: PasskeySignInButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn(): Promise<void> {
    setError(null);
    // The ceremony checks the name fully; a blank one is caught here, before its code loads.
    if (!username.trim()) return onUsernameMissing(USERNAME_REQUIRED);
    setBusy(true);
    try {
      const { signInWithPasskey } = await loadCeremonies();
      const result = await signInWithPasskey(username);
      if (result.kind === 'signed-in') onSignedIn();
      else if (result.kind === 'failed') setError(result.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="passkey-sign-in">
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button" disabled={busy} onClick={() => void signIn()}>
        {busy ? 'Waiting for your passkey...' : 'Use a passkey'}
      </button>
    </div>
  );
}
