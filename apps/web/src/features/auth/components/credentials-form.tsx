import { useEffect, useRef, useState, type FormEvent } from 'react';
import { loginSchema, type LoginInput } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { credentialsMissing, login, MISSING_CREDENTIALS, type LoginResult } from '../api/login';
import type { SignInPasskeys } from '../passkey-slots';

type SignInSuccess = Exclude<LoginResult, { kind: 'failed' }>;
type FieldErrors = Partial<Record<keyof LoginInput, string>>;

type CredentialsFormProps = {
  onSignedIn: (result: SignInSuccess) => void;
  /** A passkey signed the user in, from the button or the browser's autofill. */
  onPasskeySignedIn: () => void;
  onCancel: () => void;
  passkeys: SignInPasskeys;
  onForgotPassword: () => void;
};

/** The first SPEC 5 message of each field, from the schema POST /login checks too. */
function validate(values: LoginInput): FieldErrors {
  const parsed = loginSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'username' || field === 'password') errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The username and password step of the sign-in modal. A hand-held form rather than
 * react-hook-form: two fields don't justify 11 KB on the 90 KB login budget (ADR 0010).
 * Like react-hook-form's defaults, it validates on submit, then again on every change.
 */
export function CredentialsForm({
  onSignedIn,
  onPasskeySignedIn,
  onCancel,
  onForgotPassword,
  passkeys,
}: CredentialsFormProps) {
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const autofill = useRef<{ username: string; controller: AbortController } | null>(null);
  const handedOver = useRef(false);

  /** Ends the autofill request, whether it still starts or already waits in the browser. */
  function stopAutofill(): void {
    autofill.current?.controller.abort();
    autofill.current = null;
    passkeys.cancel();
  }

  // Coming back from another step of the open modal starts at the username again.
  useEffect(() => usernameRef.current?.focus(), []);

  // A ceremony still waiting in the browser's autofill ends with the form.
  useEffect(
    () => () => {
      autofill.current?.controller.abort();
      passkeys.cancel();
    },
    [passkeys],
  );

  /**
   * ADR 0085: conditional sign-in is armed for the username the user just left. Once the
   * password was accepted the form hands over to the next step, whose loading takes focus
   * away: that blur is no leaving, and arming then would start a ceremony the user never asked for.
   */
  function armAutofill(): void {
    if (handedOver.current) return;
    const username = values.username.trim();
    if (username === autofill.current?.username) return;
    autofill.current?.controller.abort();
    const controller = new AbortController();
    autofill.current = { username, controller };
    void passkeys.armAutofill(username, controller.signal).then((outcome) => {
      if (outcome.kind === 'signed-in') onPasskeySignedIn();
      else if (outcome.kind === 'failed') setFormError(outcome.message);
    });
  }

  function change(field: keyof LoginInput, value: string): void {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    setFormError(credentialsMissing(values) ? MISSING_CREDENTIALS : null);
    const found = validate(values);
    setErrors(found);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    stopAutofill();
    setSubmitting(true);
    const result = await login(values);
    setSubmitting(false);
    if (result.kind === 'failed') {
      setFormError(result.message);
      return;
    }
    handedOver.current = true;
    onSignedIn(result);
  }

  return (
    <form className="sign-in-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField
        ref={usernameRef}
        label="Username"
        name="username"
        autoComplete="username webauthn"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus
        value={values.username}
        onChange={(event) => change('username', event.target.value)}
        onBlur={armAutofill}
        error={errors.username}
      />
      <FormField
        ref={passwordRef}
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password webauthn"
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        error={errors.password}
      />
      <p>
        <button type="button" className="link-button" onClick={onForgotPassword}>
          Forgot password?
        </button>
      </p>
      <div className="button-row button-row-end">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={submitting}>
          {submitting ? 'Signing In...' : 'Sign In'}
        </button>
      </div>
      <div className="sign-in-alternative">
        <passkeys.SignInButton
          username={values.username}
          onSignedIn={onPasskeySignedIn}
          onUsernameMissing={(message) => {
            setErrors({ username: message });
            usernameRef.current?.focus();
          }}
        />
      </div>
    </form>
  );
}
