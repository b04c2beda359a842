/** SPEC 9, in the prompt and on the settings panel. */
export const ONE_PASSKEY_NOTE = 'Only one passkey may be registered at a time.';

/** SPEC 5: passkey sign-in needs a username. */
export const USERNAME_REQUIRED = 'Username is required';

/** SPEC 5: the login modal's answer to a passkey sign-in that has lost its username. */
export const SESSION_EXPIRED = 'Session expired, please login again';
