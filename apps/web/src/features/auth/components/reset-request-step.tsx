import { useEffect, useRef, useState, type FormEvent } from 'react';
import { RESET_MODAL_CLOSE_MS } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { emailProblem, requestPasswordReset } from '../api/password-reset';

type ResetRequestStepProps = { onBack: () => void };

/** The reset password modal of SPEC 2: an e-mail address, then back to sign-in 2 s after it is sent. */
export function ResetRequestStep({ onBack }: ResetRequestStepProps) {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const backRef = useRef(onBack);

  useEffect(() => inputRef.current?.focus(), []);
  useEffect(() => {
    backRef.current = onBack;
  });

  useEffect(() => {
    if (!outcome?.ok) return;
    const timer = window.setTimeout(() => backRef.current(), RESET_MODAL_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending || outcome?.ok) return;
    setOutcome(null);
    const problem = emailProblem(email);
    setEmailError(problem ?? undefined);
    if (problem) return inputRef.current?.focus();
    setSending(true);
    setOutcome(await requestPasswordReset(email));
    setSending(false);
  }

  return (
    <form className="sign-in-form" noValidate onSubmit={(event) => void submit(event)}>
      {outcome && (
        <p className={outcome.ok ? 'form-success' : 'form-error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </p>
      )}
      <p>Enter the e-mail address of your account. We will send you a link to choose a new password.</p>
      <FormField
        ref={inputRef}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        spellCheck={false}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          if (emailError) setEmailError(emailProblem(event.target.value) ?? undefined);
        }}
        error={emailError}
      />
      <div className="button-row button-row-end">
        <button type="button" className="button" onClick={onBack}>
          Back to sign in
        </button>
        <button type="submit" className="button button-primary" disabled={sending || outcome?.ok === true}>
          {sending ? 'Sending...' : 'Send reset link'}
        </button>
      </div>
    </form>
  );
}
