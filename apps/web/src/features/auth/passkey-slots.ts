import type { ComponentType } from 'react';

/**
 * The passkey parts of signing in (SPEC 4). The passkeys feature provides them and main.tsx
 * or app/ pass them in, since features do not import each other (ADR 0086).
 */
export type SignInPasskeys = {
  SignInButton: ComponentType<{
    username: string;
    onSignedIn: () => void;
    onUsernameMissing: (message: string) => void;
  }>;
  SetupPrompt: ComponentType<{ onSetUp: () => void; onLater: () => void }>;
  /**
   * Conditional (autofill) sign-in for a typed username; resolves once a passkey was used or
   * the request ended. An aborted signal stops a request that has not started yet.
   */
  armAutofill: (
    username: string,
    signal: AbortSignal,
  ) => Promise<{ kind: 'signed-in' } | { kind: 'failed'; message: string } | { kind: 'idle' }>;
  /** Ends a running ceremony (a password submitted, the modal closed). */
  cancel: () => void;
  setupPromptDue: (username: string) => Promise<boolean>;
  markPromptShown: (username: string) => void;
  /** SPEC 5: what the two-factor step says when its username is gone. */
  sessionExpiredMessage: string;
};
