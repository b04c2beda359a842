import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

type NewPasswordFieldsProps = {
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  passwordError: string | undefined;
  confirmationError: string | undefined;
  autoFocus?: boolean;
};

/** A chosen password and its confirmation, as the reset page and Settings -> Security ask them. */
export function NewPasswordFields({
  password,
  confirmation,
  passwordError,
  confirmationError,
  autoFocus = false,
}: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        data-autofocus={autoFocus || undefined}
        hint="5 to 15 characters; not a commonly used password."
        error={passwordError}
        {...password}
      />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={confirmationError}
        {...confirmation}
      />
    </>
  );
}
