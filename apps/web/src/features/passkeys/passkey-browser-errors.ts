import { BROWSER_MESSAGES } from './passkey-messages';

type ErrorLike = { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };

/** @simplewebauthn/browser's WebAuthnError codes (v14), each to the SPEC 8 text it stands for. */
const CODE_MESSAGES: Record<string, string> = {
  ERROR_CEREMONY_ABORTED: BROWSER_MESSAGES.timedOut,
  ERROR_INVALID_DOMAIN: BROWSER_MESSAGES.insecure,
  ERROR_INVALID_RP_ID: BROWSER_MESSAGES.insecure,
  ERROR_AUTHENTICATOR_GENERAL_ERROR: BROWSER_MESSAGES.sensor,
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT: BROWSER_MESSAGES.sensor,
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT: BROWSER_MESSAGES.sensor,
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG: BROWSER_MESSAGES.sensor,
};

/** DOMException names the credential API raises (WebAuthn Level 3, create() and get()). */
const NAME_MESSAGES: Record<string, string> = {
  NotAllowedError: BROWSER_MESSAGES.cancelled,
  AbortError: BROWSER_MESSAGES.timedOut,
  TimeoutError: BROWSER_MESSAGES.timedOut,
  NotFoundError: BROWSER_MESSAGES.noPasskeys,
  UnknownError: BROWSER_MESSAGES.sensor,
  NotReadableError: BROWSER_MESSAGES.sensor,
  ConstraintError: BROWSER_MESSAGES.sensor,
  SecurityError: BROWSER_MESSAGES.insecure,
  NotSupportedError: BROWSER_MESSAGES.insecure,
};

/** Words some browsers put only in the message (older Safari, Firefox on some platforms). */
const TEXT_MESSAGES: [RegExp, string][] = [
  [/cancel|not allowed/i, BROWSER_MESSAGES.cancelled],
  [/timed? ?out|abort/i, BROWSER_MESSAGES.timedOut],
  [/no (credentials|passkeys)|not found/i, BROWSER_MESSAGES.noPasskeys],
  [/not supported|insecure|secure context|https/i, BROWSER_MESSAGES.insecure],
  [/sensor|hardware|biometric/i, BROWSER_MESSAGES.sensor],
];

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * SPEC 8: the text shown for an error of a passkey ceremony in the browser. The library wraps
 * the DOMException in a WebAuthnError whose code says why; a pass-through code leaves the
 * original in `cause`.
 */
export function browserErrorMessage(error: unknown): string {
  if (error === null || error === undefined) return BROWSER_MESSAGES.unknown;
  if (typeof error !== 'object') return BROWSER_MESSAGES.otherPrefix + String(error);
  const { name, message, code, cause } = error as ErrorLike;
  const byCode = CODE_MESSAGES[textOf(code)];
  if (byCode) return byCode;
  if (code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' && cause) return browserErrorMessage(cause);
  const byName = NAME_MESSAGES[textOf(name)];
  if (byName) return byName;
  const text = textOf(message);
  const byText = TEXT_MESSAGES.find(([pattern]) => pattern.test(text));
  if (byText) return byText[1];
  return BROWSER_MESSAGES.otherPrefix + (text || textOf(name) || BROWSER_MESSAGES.unknown);
}
