/**
 * The ceremony code and @simplewebauthn/browser, fetched on first use: the login route loads
 * them only when a passkey is actually used (ADR 0010's budget).
 */
export const loadCeremonies = () => import('./api/passkey-ceremonies');
