import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TWO_FACTOR_CODE_LENGTH } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { codeProblem, requestEmailCode, verifyEmailCode } from '../api/two-factor';
import type { SecondFactorChallenge } from '../api/login';
import './two-factor-step.css';

type TwoFactorStepProps = {
  challenge: SecondFactorChallenge;
  /** The passkey sign-in of SPEC 4, shown when the account has a passkey; the passkeys part provides it. */
  passkeySignIn?: ReactNode;
  onVerified: () => void;
  onBack: () => void;
};

type Notice = { kind: 'error' | 'info'; text: string };

/**
 * SPEC 4's two-factor modal body: a choice of passkey or 'Email Verification', then code
 * entry (where the passkey stays available). With an e-mail and no passkey, code entry comes
 * at once and the code is sent without asking.
 */
export function TwoFactorStep({ challenge, passkeySignIn, onVerified, onBack }: TwoFactorStepProps) {
  const emailOnly = challenge.hasEmail && !challenge.hasBiometric;
  const [stage, setStage] = useState<'choose' | 'code'>(emailOnly ? 'code' : 'choose');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sending, setSending] = useState(false);
  const firstCodeAsked = useRef(false);
  const passkey = challenge.hasBiometric ? passkeySignIn : null;

  async function sendCode(): Promise<boolean> {
    setSending(true);
    const outcome = await requestEmailCode(challenge.username);
    setSending(false);
    setNotice({ kind: outcome.ok ? 'info' : 'error', text: outcome.message });
    return outcome.ok;
  }

  useEffect(() => {
    // A ref, not state: StrictMode runs this effect twice, and a second code would replace the first.
    if (!emailOnly || firstCodeAsked.current) return;
    firstCodeAsked.current = true;
    void sendCode();
    // sendCode belongs to this render; the code is asked for once, when the step opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [emailOnly]);

  async function chooseEmail(): Promise<void> {
    if (await sendCode()) setStage('code');
  }

  if (stage === 'choose') {
    return (
      <div className="two-factor-step">
        <p>{challenge.message || 'Two-factor authentication required'}. Choose how to confirm that it is you.</p>
        <NoticeLine notice={notice} />
        <div className="two-factor-options">
          {passkey}
          {challenge.hasEmail && (
            <button
              type="button"
              className="button button-primary"
              data-autofocus
              disabled={sending}
              onClick={() => void chooseEmail()}
            >
              {sending ? 'Sending code...' : 'Email Verification'}
            </button>
          )}
        </div>
        <div className="button-row button-row-end">
          <button type="button" className="button" onClick={onBack}>
            Back
          </button>
        </div>
      </div>
    );
  }
  return (
    <CodeEntry
      notice={notice}
      sending={sending}
      passkey={passkey}
      onResend={() => void sendCode()}
      onVerified={onVerified}
      onBack={onBack}
    />
  );
}

function NoticeLine({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <p
      className={notice.kind === 'error' ? 'form-error' : 'form-success'}
      role={notice.kind === 'error' ? 'alert' : 'status'}
    >
      {notice.text}
    </p>
  );
}

type CodeEntryProps = {
  notice: Notice | null;
  sending: boolean;
  passkey: ReactNode;
  onResend: () => void;
  onVerified: () => void;
  onBack: () => void;
};

/** The 8-character code from the e-mail (SPEC 5: the input takes no more). */
function CodeEntry({ notice, sending, passkey, onResend, onVerified, onBack }: CodeEntryProps) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (verifying) return;
    setFormError(null);
    const problem = codeProblem(code);
    setCodeError(problem ?? undefined);
    if (problem) return inputRef.current?.focus();
    setVerifying(true);
    const outcome = await verifyEmailCode(code);
    setVerifying(false);
    if (outcome.ok) onVerified();
    else setFormError(outcome.message);
  }

  return (
    <form className="two-factor-step" noValidate onSubmit={(event) => void submit(event)}>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : (
        <NoticeLine notice={notice} />
      )}
      <FormField
        ref={inputRef}
        label="Verification code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
        maxLength={TWO_FACTOR_CODE_LENGTH}
        hint={`Enter the ${TWO_FACTOR_CODE_LENGTH}-digit code we e-mailed you. It is valid for 10 minutes.`}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={codeError}
      />
      <p>
        <button type="button" className="link-button" disabled={sending} onClick={onResend}>
          {sending ? 'Sending code...' : 'Send a new code'}
        </button>
      </p>
      {passkey && <div className="two-factor-options">{passkey}</div>}
      <div className="button-row button-row-end">
        <button type="button" className="button" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="button button-primary" disabled={verifying}>
          {verifying ? 'Verifying...' : 'Verify'}
        </button>
      </div>
    </form>
  );
}
