import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { browserErrorMessage } from './passkey-browser-errors';

const CANCELLED = 'Passkey authentication was cancelled. Please try again.';
const TIMED_OUT = 'Authentication timed out. Please try again.';
const NO_PASSKEYS = 'No passkeys found. Please register first.';
const SENSOR =
  'Could not access passkey authentication (Touch ID, Face ID, or Windows Hello). Please try again or use password.';
const INSECURE = 'Passkey authentication requires HTTPS in production or HTTP on localhost/{ip} in development.';

const dom = (name: string, message = 'browser text') => new DOMException(message, name);
const wrapped = (code: ConstructorParameters<typeof WebAuthnError>[0]['code'], cause: Error) =>
  new WebAuthnError({ message: cause.message, code, cause });

describe('passkey browser errors (SPEC 8)', () => {
  it.each([
    ['NotAllowedError', CANCELLED],
    ['AbortError', TIMED_OUT],
    ['TimeoutError', TIMED_OUT],
    ['NotFoundError', NO_PASSKEYS],
    ['UnknownError', SENSOR],
    ['NotReadableError', SENSOR],
    ['SecurityError', INSECURE],
    ['NotSupportedError', INSECURE],
  ])('maps the DOMException %s', (name, message) => {
    expect(browserErrorMessage(dom(name))).toBe(message);
  });

  it.each([
    ['ERROR_CEREMONY_ABORTED', 'AbortError', TIMED_OUT],
    ['ERROR_INVALID_DOMAIN', 'SecurityError', INSECURE],
    ['ERROR_INVALID_RP_ID', 'SecurityError', INSECURE],
    ['ERROR_AUTHENTICATOR_GENERAL_ERROR', 'UnknownError', SENSOR],
    ['ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT', 'ConstraintError', SENSOR],
    ['ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError', CANCELLED],
  ] as const)('maps the library code %s', (code, causeName, message) => {
    expect(browserErrorMessage(wrapped(code, dom(causeName)))).toBe(message);
  });

  it('says an unknown error occurred when there is no error object', () => {
    expect(browserErrorMessage(undefined)).toBe('An unknown error occurred');
    expect(browserErrorMessage(null)).toBe('An unknown error occurred');
  });

  it('reads the words of browsers that only put them in the message', () => {
    expect(browserErrorMessage(new Error('The user cancelled the request'))).toBe(CANCELLED);
    expect(browserErrorMessage(new Error('Operation timed out'))).toBe(TIMED_OUT);
    expect(browserErrorMessage(new Error('No credentials available'))).toBe(NO_PASSKEYS);
    expect(browserErrorMessage(new Error('WebAuthn is not supported in this browser'))).toBe(INSECURE);
  });

  it('prefixes anything else with Authentication error', () => {
    expect(browserErrorMessage(new Error('The authenticator was previously registered'))).toBe(
      'Authentication error: The authenticator was previously registered',
    );
    const previouslyRegistered = wrapped(
      'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      dom('InvalidStateError', 'Known key'),
    );
    expect(browserErrorMessage(previouslyRegistered)).toBe('Authentication error: Known key');
    expect(browserErrorMessage('odd')).toBe('Authentication error: odd');
  });
});
