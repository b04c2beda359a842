import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { resetPasswordSchema } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { schemaResolver } from '../../../lib/form-resolver';
import { withConfirmation } from '../../../lib/password-confirmation';
import { showServerErrors } from '../../../lib/server-form-errors';
import { chooseNewPassword } from '../api/password-reset';

type NewPasswordValues = { password: string; confirm_password: string };

const EMPTY: NewPasswordValues = { password: '', confirm_password: '' };
const newPasswordFormSchema = withConfirmation(resetPasswordSchema, 'password');

type NewPasswordFormProps = { resetCode: string; onDone: (message: string) => void };

/** The new password of a reset link; the server applies the length and common-password rules too. */
export function NewPasswordForm({ resetCode, onDone }: NewPasswordFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<NewPasswordValues>({
    defaultValues: EMPTY,
    resolver: schemaResolver(newPasswordFormSchema, (values) => values),
  });
  const { errors } = formState;

  async function submit(values: NewPasswordValues): Promise<void> {
    setFormError(null);
    try {
      onDone(await chooseNewPassword(resetCode, values.password));
    } catch (error) {
      setFormError(showServerErrors(error, setError, (name) => name in EMPTY));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        data-autofocus
        hint="5 to 15 characters; not a commonly used password."
        error={errors.password?.message}
        {...register('password')}
      />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        {...register('confirm_password')}
      />
      <div className="button-row button-row-end">
        <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Set new password'}
        </button>
      </div>
    </form>
  );
}
