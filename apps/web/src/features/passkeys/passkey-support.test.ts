import { afterEach, describe, expect, it, vi } from 'vitest';
import { conditionalMediationAvailable, passkeysSupported, platformAuthenticatorAvailable } from './passkey-support';

function stubPublicKeyCredential(methods: Record<string, () => Promise<boolean>>): void {
  vi.stubGlobal(
    'PublicKeyCredential',
    Object.assign(function PublicKeyCredential() {}, methods),
  );
}

describe('passkey support (SPEC 5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is off without the public-key credential API', async () => {
    expect(passkeysSupported()).toBe(false);
    await expect(platformAuthenticatorAvailable()).resolves.toBe(false);
    await expect(conditionalMediationAvailable()).resolves.toBe(false);
  });

  it("follows the browser's answers", async () => {
    stubPublicKeyCredential({
      isUserVerifyingPlatformAuthenticatorAvailable: async () => true,
      isConditionalMediationAvailable: async () => true,
    });
    vi.stubGlobal('navigator', { credentials: { get: vi.fn(), create: vi.fn() } });
    expect(passkeysSupported()).toBe(true);
    await expect(platformAuthenticatorAvailable()).resolves.toBe(true);
    await expect(conditionalMediationAvailable()).resolves.toBe(true);
  });

  it('reports false when a check fails', async () => {
    stubPublicKeyCredential({
      isUserVerifyingPlatformAuthenticatorAvailable: () => Promise.reject(new Error('no')),
      isConditionalMediationAvailable: () => Promise.reject(new Error('no')),
    });
    await expect(platformAuthenticatorAvailable()).resolves.toBe(false);
    await expect(conditionalMediationAvailable()).resolves.toBe(false);
  });
});
