import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { POST_LOGIN_REDIRECT_MS } from '@practice/shared';
import { Modal } from '../../../components/modal';
import { shellPaths } from '../../../config/paths';
import type { SecondFactorChallenge } from '../api/login';
import type { SignInPasskeys } from '../passkey-slots';
import { CredentialsForm } from './credentials-form';

// The second factor and the reset request load only when needed, keeping /login within its budget (ADR 0010).
const TwoFactorStep = lazy(() => import('./two-factor-step').then((module) => ({ default: module.TwoFactorStep })));
const ResetRequestStep = lazy(() =>
  import('./reset-request-step').then((module) => ({ default: module.ResetRequestStep })),
);

/** The steps of signing in (SPEC 4), each with its own form component. */
type SignInStep =
  | { name: 'credentials' }
  | { name: 'two-factor'; challenge: SecondFactorChallenge }
  | { name: 'reset-request' }
  | { name: 'passkey-prompt' };

const TITLES: Record<SignInStep['name'], string> = {
  credentials: 'Sign In',
  'two-factor': 'Two-Factor Verification',
  'passkey-prompt': 'Set Up Passkey Login',
  'reset-request': 'Reset Password',
};

/** SPEC 2: where 'Set Up Passkey Login' goes. */
const PASSKEY_SETUP_HREF = `${shellPaths.settings.getHref()}?tab=security&openBiometric=true`;

type SignInModalProps = {
  open: boolean;
  onClose: () => void;
  /** Leaves /login for the app, at `to` (the dashboard by default). */
  onSignedIn: (to?: string) => void;
  /** SPEC 5: the modal closed because its sign-in can't go on; the page says why. */
  onSessionExpired: (message: string) => void;
  passkeys: SignInPasskeys;
};

function StepLoading() {
  return (
    <p className="loading-page" role="status">
      <span className="spinner" aria-hidden="true" />
      Loading...
    </p>
  );
}

export function SignInModal({ open, onClose, onSignedIn, onSessionExpired, passkeys }: SignInModalProps) {
  const [step, setStep] = useState<SignInStep>({ name: 'credentials' });
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  function close(): void {
    passkeys.cancel();
    setStep({ name: 'credentials' });
    onClose();
  }

  /**
   * Where every sign-in made in this modal ends (SPEC 4): the modal closes and the app opens,
   * after `delayMs`, at the dashboard unless `to` names another address.
   */
  function afterSignIn(delayMs: number, to?: string): void {
    close();
    redirectTimer.current = window.setTimeout(() => onSignedIn(to), delayMs);
  }

  /** SPEC 4: after a password or an e-mail code (never a passkey), the passkey prompt when due. */
  async function offerPasskeyOrLeave(username: string, delayMs: number): Promise<void> {
    if (await passkeys.setupPromptDue(username)) {
      passkeys.markPromptShown(username);
      setStep({ name: 'passkey-prompt' });
    } else {
      afterSignIn(delayMs);
    }
  }

  const leaveForDashboard = () => afterSignIn(0);
  const passkeySignedIn = () => afterSignIn(POST_LOGIN_REDIRECT_MS);

  const toCredentials = () => setStep({ name: 'credentials' });
  let body: ReactNode;
  if (step.name === 'credentials') {
    body = (
      <CredentialsForm
        passkeys={passkeys}
        onCancel={close}
        onPasskeySignedIn={passkeySignedIn}
        onForgotPassword={() => setStep({ name: 'reset-request' })}
        onSignedIn={(result) => {
          if (result.kind === 'signed-in') void offerPasskeyOrLeave(result.user.username, 0);
          else setStep({ name: 'two-factor', challenge: result });
        }}
      />
    );
  } else if (step.name === 'passkey-prompt') {
    body = <passkeys.SetupPrompt onSetUp={() => afterSignIn(0, PASSKEY_SETUP_HREF)} onLater={leaveForDashboard} />;
  } else if (step.name === 'two-factor') {
    const { challenge } = step;
    body = (
      <TwoFactorStep
        challenge={challenge}
        passkeySignIn={
          <passkeys.SignInButton
            username={challenge.username}
            onSignedIn={passkeySignedIn}
            onUsernameMissing={() => {
              close();
              onSessionExpired(passkeys.sessionExpiredMessage);
            }}
          />
        }
        onVerified={() => void offerPasskeyOrLeave(challenge.username, POST_LOGIN_REDIRECT_MS)}
        onBack={toCredentials}
      />
    );
  } else {
    body = <ResetRequestStep onBack={toCredentials} />;
  }

  return (
    <Modal open={open} title={TITLES[step.name]} onClose={step.name === 'passkey-prompt' ? leaveForDashboard : close}>
      <Suspense fallback={<StepLoading />}>{body}</Suspense>
    </Modal>
  );
}
