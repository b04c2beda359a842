import { FormField } from '../../../components/form-field';

type CurrentPasswordFieldProps = {
  /** The server's request, shown as the field's hint. */
  request: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
};

/** ADR 0033: the password a session older than 10 minutes confirms before a passkey change. */
export function CurrentPasswordField({ request, value, error, onChange }: CurrentPasswordFieldProps) {
  return (
    <FormField
      label="Current password"
      type="password"
      autoComplete="current-password"
      // It appears inside an open dialog, after the server asked: focus moves to it.
      autoFocus
      hint={request}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** SPEC 5-like check before the call: the server answers 'Current password is required' too. */
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
