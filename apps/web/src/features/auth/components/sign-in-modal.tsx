import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { CredentialsForm } from './credentials-form';

/**
 * The steps of signing in. Only the password step is built; the two-factor step and the
 * passkey prompt (SPEC 4) join this union, each with its own form component. Until the
 * two-factor step exists, an account that needs one sees the server's message.
 */
type SignInStep = { name: 'credentials' } | { name: 'second-factor-pending'; message: string };

const TITLES: Record<SignInStep['name'], string> = {
  credentials: 'Sign In',
  'second-factor-pending': 'Verification Required',
};

type SignInModalProps = { open: boolean; onClose: () => void; onSignedIn: () => void };

export function SignInModal({ open, onClose, onSignedIn }: SignInModalProps) {
  const [step, setStep] = useState<SignInStep>({ name: 'credentials' });

  function close(): void {
    setStep({ name: 'credentials' });
    onClose();
  }

  return (
    <Modal open={open} title={TITLES[step.name]} onClose={close}>
      {step.name === 'credentials' && (
        <CredentialsForm
          onCancel={close}
          onSignedIn={(result) => {
            if (result.kind === 'signed-in') onSignedIn();
            else setStep({ name: 'second-factor-pending', message: result.message });
          }}
        />
      )}
      {step.name === 'second-factor-pending' && (
        <p role="status">{step.message || 'This account needs a second sign-in factor.'}</p>
      )}
    </Modal>
  );
}
