/**
 * SPEC 5: passkeys exist only where the browser offers the public-key credential API. These
 * checks use the browser alone, so the login route can ask them without loading the
 * ceremony code.
 */
function publicKeyCredential(): typeof PublicKeyCredential | null {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
    ? window.PublicKeyCredential
    : null;
}

export function passkeysSupported(): boolean {
  return publicKeyCredential() !== null && typeof navigator.credentials?.get === 'function';
}

/** SPEC 5: false when unsupported or when the check itself fails. */
export async function platformAuthenticatorAvailable(): Promise<boolean> {
  const api = publicKeyCredential();
  if (!api || typeof api.isUserVerifyingPlatformAuthenticatorAvailable !== 'function') return false;
  try {
    return await api.isUserVerifyingPlatformAuthenticatorAvailable();
  } catch {
    return false;
  }
}

/** SPEC 4: conditional (autofill) sign-in only where the browser says it can. */
export async function conditionalMediationAvailable(): Promise<boolean> {
  const api = publicKeyCredential();
  if (!api || typeof api.isConditionalMediationAvailable !== 'function') return false;
  try {
    return await api.isConditionalMediationAvailable();
  } catch {
    return false;
  }
}
