type Ceremonies = typeof import('./api/passkey-ceremonies');

let loaded: Ceremonies | null = null;

/**
 * The ceremony code and @simplewebauthn/browser, fetched on first use: the login route loads
 * them only when a passkey is actually used (ADR 0010's budget).
 */
export async function loadCeremonies(): Promise<Ceremonies> {
  loaded ??= await import('./api/passkey-ceremonies');
  return loaded;
}

/** Ends a running ceremony; with the code not loaded yet, none can be running. */
export function cancelPasskeyCeremony(): void {
  loaded?.cancelCeremony();
}
