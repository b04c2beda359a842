import { useState } from 'react';
import { loadCeremonies } from '../load-ceremonies';
import { checkUsername } from '../passkey-input';

export type PasskeySignInButtonProps = {
  /** Whose passkey: the typed username, or the one of the sign-in awaiting its second factor. */
  username: string;
  onSignedIn: () => void;
  /** The username is missing: the host says so in its own way (SPEC 5). */
  onUsernameMissing: (message: string) => void;
};

/** SPEC 4: 'Sign in with passkey'; the ceremony code loads on the first click (ADR 0010's budget). */
export function PasskeySignInButton({ username, onSignedIn, onUsernameMissing }: PasskeySignInButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn(): Promise<void> {
    setError(null);
    const checked = checkUsername(username);
    if (!checked.ok) return onUsernameMissing(checked.error);
    setBusy(true);
    try {
      const { signInWithPasskey } = await loadCeremonies();
      const result = await signInWithPasskey(checked.value);
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
        {busy ? 'Waiting for your passkey...' : 'Sign in with passkey'}
      </button>
    </div>
  );
}
