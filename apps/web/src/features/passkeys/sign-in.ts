/**
 * What the sign-in modal uses of passkeys (composed in by app/ and main.tsx). Small by design:
 * it rides in the /login chunk, and the ceremony code loads only on use.
 */
export { PasskeySignInButton, type PasskeySignInButtonProps } from './components/passkey-sign-in-button';
export { PasskeySetupPrompt, type PasskeySetupPromptProps } from './components/passkey-setup-prompt';
export { armPasskeyAutofill, type AutofillOutcome } from './passkey-autofill';
export { cancelPasskeyCeremony } from './load-ceremonies';
export { markPromptShown, setupPromptDue } from './passkey-prompt';
export { SESSION_EXPIRED } from './passkey-texts';
