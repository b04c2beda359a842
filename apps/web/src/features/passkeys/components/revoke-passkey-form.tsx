import { useState, type FormEvent } from 'react';
import type { PasskeyCredential } from '@practice/shared';
import { PasskeyCallError } from '../api/passkey-credentials';
import { useRevokePasskey } from '../api/use-passkey-credentials';
import { CURRENT_PASSWORD_REQUIRED, CurrentPasswordField } from './current-password-field';

type RevokePasskeyFormProps = { credential: PasskeyCredential; onDone: () => void; onCancel: () => void };

/** The confirmation before DELETE; a stale session confirms its password too (ADR 0033). */
export function RevokePasskeyForm({ credential, onDone, onCancel }: RevokePasskeyFormProps) {
  const [passwordRequest, setPasswordRequest] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const revoke = useRevokePasskey();

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (passwordRequest && !password) return setPasswordError(CURRENT_PASSWORD_REQUIRED);
    setPasswordError(undefined);
    revoke.mutate(
      { id: credential.id, currentPassword: passwordRequest ? password : undefined },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof PasskeyCallError && error.needsPassword) setPasswordRequest(error.message);
        },
      },
    );
  }

  const refusal = revoke.error instanceof PasskeyCallError && revoke.error.needsPassword ? null : revoke.error;
  return (
    <form noValidate onSubmit={onSubmit}>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal.message}
        </p>
      )}
      <p>
        Revoke the passkey <strong>{credential.device_name}</strong>? You will no longer be able to sign in with it.
      </p>
      {passwordRequest && (
        <CurrentPasswordField request={passwordRequest} value={password} error={passwordError} onChange={setPassword} />
      )}
      <div className="button-row button-row-end">
        <button type="button" className="button" data-autofocus={passwordRequest ? undefined : true} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-danger" disabled={revoke.isPending}>
          Revoke passkey
        </button>
      </div>
    </form>
  );
}
