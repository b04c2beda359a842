import { useState, type FormEvent } from 'react';
import type { PasskeyCredential } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { useRenamePasskey } from '../api/use-passkey-credentials';
import { checkNewDeviceName } from '../passkey-input';

type RenamePasskeyFormProps = { credential: PasskeyCredential; onDone: () => void; onCancel: () => void };

/** SPEC 5 and 7: PATCH with a non-empty, trimmed new name. */
export function RenamePasskeyForm({ credential, onDone, onCancel }: RenamePasskeyFormProps) {
  const [name, setName] = useState(credential.device_name);
  const [error, setError] = useState<string>();
  const rename = useRenamePasskey();

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const checked = checkNewDeviceName(name);
    setError(checked.ok ? undefined : checked.error);
    if (!checked.ok) return;
    rename.mutate({ id: credential.id, deviceName: checked.value }, { onSuccess: onDone });
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      {rename.isError && (
        <p className="form-error" role="alert">
          {rename.error.message}
        </p>
      )}
      <FormField
        label="New device name"
        data-autofocus
        value={name}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="button-row button-row-end">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={rename.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}
