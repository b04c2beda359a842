import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { resetPasswordSchema } from '@practice/shared';
import { NewPasswordFields } from '../../../components/new-password-fields';
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
      <NewPasswordFields
        password={register('password')}
        confirmation={register('confirm_password')}
        passwordError={errors.password?.message}
        confirmationError={errors.confirm_password?.message}
        autoFocus
      />
      <div className="button-row button-row-end">
        <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Set new password'}
        </button>
      </div>
    </form>
  );
}
