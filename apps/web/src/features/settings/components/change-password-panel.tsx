import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordSchema } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { schemaResolver } from '../../../lib/form-resolver';
import { withConfirmation } from '../../../lib/password-confirmation';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useChangePassword } from '../api/account-security';

type ChangePasswordValues = { current_password: string; new_password: string; confirm_password: string };

const EMPTY: ChangePasswordValues = { current_password: '', new_password: '', confirm_password: '' };
const changePasswordFormSchema = withConfirmation(changePasswordSchema, 'new_password');

/** Settings -> Security: a new password, confirmed by the current one (SECURITY.md). */
export function ChangePasswordPanel() {
  const change = useChangePassword();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<ChangePasswordValues>({
    defaultValues: EMPTY,
    resolver: schemaResolver(changePasswordFormSchema, (values) => values),
  });
  const { errors } = formState;

  async function submit(values: ChangePasswordValues): Promise<void> {
    setMessage(null);
    try {
      await change.mutateAsync({ current_password: values.current_password, new_password: values.new_password });
      reset(EMPTY);
      setMessage({ kind: 'success', text: 'Password changed. Your other sessions have been signed out.' });
    } catch (error) {
      const text = showServerErrors(error, setError, (name) => name in EMPTY);
      if (text) setMessage({ kind: 'error', text });
    }
  }

  return (
    <section className="card" aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        {message && (
          <p
            className={message.kind === 'error' ? 'form-error' : 'form-success'}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        )}
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <NewPasswordFields
          password={register('new_password')}
          confirmation={register('confirm_password')}
          passwordError={errors.new_password?.message}
          confirmationError={errors.confirm_password?.message}
        />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving...' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
