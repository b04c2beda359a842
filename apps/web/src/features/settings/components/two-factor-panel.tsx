import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { twoFactorSettingSchema, type AccountSecurity } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { schemaResolver } from '../../../lib/form-resolver';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useSession } from '../../../lib/session-store';
import { useSetTwoFactor } from '../api/account-security';

/** The server's words (409) when the organization's rule keeps 2FA on. */
export const ORGANIZATION_REQUIRES_2FA = 'Your organization requires two-factor authentication';

type TwoFactorValues = { current_password: string };

/** Settings -> Security: e-mail codes at sign-in, on or off (the current password confirms the change). */
export function TwoFactorPanel({ security }: { security: AccountSecurity }) {
  const email = useSession().user?.email ?? '';
  const setTwoFactor = useSetTwoFactor();
  const [formError, setFormError] = useState<string | null>(null);
  const enabled = security.two_factor_enabled || security.organization_requires_2fa;
  const { register, handleSubmit, formState, setError, reset } = useForm<TwoFactorValues>({
    defaultValues: { current_password: '' },
    resolver: schemaResolver(twoFactorSettingSchema, (values) => ({ ...values, enabled: !enabled })),
  });

  async function submit(values: TwoFactorValues): Promise<void> {
    setFormError(null);
    try {
      await setTwoFactor.mutateAsync({ enabled: !enabled, current_password: values.current_password });
      reset({ current_password: '' });
    } catch (error) {
      setFormError(showServerErrors(error, setError, (name) => name === 'current_password'));
    }
  }

  return (
    <section className="card" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor authentication</h2>
      <p role="status">
        {enabled
          ? `On: each sign-in asks for an 8-digit code sent to ${email}.`
          : 'Off: signing in needs only your password.'}
      </p>
      {security.organization_requires_2fa ? (
        <p className="muted">{ORGANIZATION_REQUIRES_2FA}, so it stays on.</p>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          <FormField
            label="Current password"
            type="password"
            autoComplete="current-password"
            hint="Confirms that it is you changing this setting."
            error={formState.errors.current_password?.message}
            {...register('current_password')}
          />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
              {enabled ? 'Turn off two-factor authentication' : 'Turn on two-factor authentication'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
