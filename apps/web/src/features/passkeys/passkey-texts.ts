/** SPEC 9, in the prompt and on the settings panel. */
export const ONE_PASSKEY_NOTE = 'Only one passkey may be registered at a time.';
