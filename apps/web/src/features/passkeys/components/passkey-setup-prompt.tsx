import { ONE_PASSKEY_NOTE } from '../passkey-texts';

export type PasskeySetupPromptProps = {
  /** 'Set Up Passkey Login' (SPEC 2): to /settings?tab=security&openBiometric=true. */
  onSetUp: () => void;
  /** 'Maybe Later' (or closing the modal): to /. */
  onLater: () => void;
};

/** SPEC 2 and 4: offered once after a sign-in, to users of a passkey-capable device who have none. */
export function PasskeySetupPrompt({ onSetUp, onLater }: PasskeySetupPromptProps) {
  return (
    <div>
      <p>Sign in next time with your fingerprint, face or device PIN instead of your password.</p>
      <p>{ONE_PASSKEY_NOTE}</p>
      <div className="button-row button-row-end">
        <button type="button" className="button" onClick={onLater}>
          Maybe Later
        </button>
        {/* The modal is already open when this step replaces the form, so focus moves here by autoFocus. */}
        <button type="button" className="button button-primary" autoFocus onClick={onSetUp}>
          Set Up Passkey Login
        </button>
      </div>
    </div>
  );
}
