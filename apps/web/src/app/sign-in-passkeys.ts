import type { SignInPasskeys } from '../features/auth';
import {
  armPasskeyAutofill,
  cancelPasskeyCeremony,
  markPromptShown,
  PasskeySetupPrompt,
  PasskeySignInButton,
  SESSION_EXPIRED,
  setupPromptDue,
} from '../features/passkeys/sign-in';

/** The passkey parts the sign-in modal shows (ADR 0086); part of the /login chunk. */
export const signInPasskeys: SignInPasskeys = {
  SignInButton: PasskeySignInButton,
  SetupPrompt: PasskeySetupPrompt,
  armAutofill: armPasskeyAutofill,
  cancel: cancelPasskeyCeremony,
  setupPromptDue,
  markPromptShown,
  sessionExpiredMessage: SESSION_EXPIRED,
};
