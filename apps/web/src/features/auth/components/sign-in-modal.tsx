import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { POST_LOGIN_REDIRECT_MS } from '@practice/shared';
import { Modal } from '../../../components/modal';
import type { SecondFactorChallenge } from '../api/login';
import { CredentialsForm } from './credentials-form';

// The second factor loads only when an account needs it, keeping /login within its budget (ADR 0010).
const TwoFactorStep = lazy(() => import('./two-factor-step').then((module) => ({ default: module.TwoFactorStep })));

/** The steps of signing in (SPEC 4), each with its own form component. */
type SignInStep = { name: 'credentials' } | { name: 'two-factor'; challenge: SecondFactorChallenge };

const TITLES: Record<SignInStep['name'], string> = {
  credentials: 'Sign In',
  'two-factor': 'Two-Factor Verification',
};

type SignInModalProps = { open: boolean; onClose: () => void; onSignedIn: () => void };

function StepLoading() {
  return (
    <p className="loading-page" role="status">
      <span className="spinner" aria-hidden="true" />
      Loading...
    </p>
  );
}

export function SignInModal({ open, onClose, onSignedIn }: SignInModalProps) {
  const [step, setStep] = useState<SignInStep>({ name: 'credentials' });
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  function close(): void {
    setStep({ name: 'credentials' });
    onClose();
  }

  /**
   * Where every sign-in made in this modal ends (SPEC 4): the modal closes and the app opens,
   * after `delayMs`. The passkey setup prompt, when due, comes in here instead of leaving.
   */
  function afterSignIn(delayMs: number): void {
    close();
    redirectTimer.current = window.setTimeout(onSignedIn, delayMs);
  }

  let body: ReactNode;
  if (step.name === 'credentials') {
    body = (
      <CredentialsForm
        onCancel={close}
        onSignedIn={(result) => {
          if (result.kind === 'signed-in') afterSignIn(0);
          else setStep({ name: 'two-factor', challenge: result });
        }}
      />
    );
  } else {
    body = (
      <Suspense fallback={<StepLoading />}>
        <TwoFactorStep
          challenge={step.challenge}
          onVerified={() => afterSignIn(POST_LOGIN_REDIRECT_MS)}
          onBack={() => setStep({ name: 'credentials' })}
        />
      </Suspense>
    );
  }

  return (
    <Modal open={open} title={TITLES[step.name]} onClose={close}>
      {body}
    </Modal>
  );
}
