import { useRef, useState, type FormEvent } from 'react';
import type { PasskeyCredential } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { loadCeremonies } from '../load-ceremonies';
import { checkDeviceName } from '../passkey-input';
import { ONE_PASSKEY_NOTE } from '../passkey-texts';
import { CURRENT_PASSWORD_REQUIRED, CurrentPasswordField } from './current-password-field';

type RegisterPasskeyFormProps = {
  onRegistered: (credential: PasskeyCredential) => void;
  onCancel: () => void;
};

/**
 * SPEC 5 and 7: a device name, then the browser's passkey prompt. When the server asks a
 * stale session for the password (ADR 0033), the form adds that field and tries again.
 */
export function RegisterPasskeyForm({ onRegistered, onCancel }: RegisterPasskeyFormProps) {
  const [deviceName, setDeviceName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [passwordRequest, setPasswordRequest] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) return;
    const name = checkDeviceName(deviceName);
    setNameError(name.ok ? undefined : name.error);
    if (!name.ok) return nameRef.current?.focus();
    if (passwordRequest && !password) return setPasswordError(CURRENT_PASSWORD_REQUIRED);
    setPasswordError(undefined);
    setFormError(null);
    setBusy(true);
    const { registerPasskey } = await loadCeremonies();
    const result = await registerPasskey({
      deviceName: name.value,
      currentPassword: passwordRequest ? password : undefined,
    });
    setBusy(false);
    if (result.kind === 'registered') onRegistered(result.credential);
    else if (result.kind === 'needs-password') setPasswordRequest(result.message);
    else if (result.kind === 'failed') setFormError(result.message);
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField
        ref={nameRef}
        label="Device name"
        placeholder="e.g. Work laptop"
        data-autofocus={passwordRequest ? undefined : true}
        value={deviceName}
        error={nameError}
        hint={ONE_PASSKEY_NOTE}
        onChange={(event) => setDeviceName(event.target.value)}
      />
      {passwordRequest && (
        <CurrentPasswordField request={passwordRequest} value={password} error={passwordError} onChange={setPassword} />
      )}
      <div className="button-row button-row-end">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Waiting for your passkey...' : 'Register passkey'}
        </button>
      </div>
    </form>
  );
}
