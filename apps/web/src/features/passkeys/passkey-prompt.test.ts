import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markPromptShown, setupPromptDue } from './passkey-prompt';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function device(platformAuthenticator: boolean, credentials: unknown[] | 'error') {
  vi.stubGlobal(
    'PublicKeyCredential',
    Object.assign(function PublicKeyCredential() {}, {
      isUserVerifyingPlatformAuthenticatorAvailable: async () => platformAuthenticator,
    }),
  );
  const fetch = vi.fn(async () => (credentials === 'error' ? json(500, {}) : json(200, { credentials })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the passkey setup prompt (SPEC 4)', () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { apiUrl: 'http://api.test' };
    window.localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is due once per username on a device with a platform authenticator and no passkey yet', async () => {
    device(true, []);
    await expect(setupPromptDue('manager')).resolves.toBe(true);
    markPromptShown('manager');
    await expect(setupPromptDue('manager')).resolves.toBe(false);
    await expect(setupPromptDue('staff')).resolves.toBe(true);
  });

  it('is not due without a platform authenticator, and asks the server nothing', async () => {
    const fetch = device(false, []);
    await expect(setupPromptDue('manager')).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is not due for a user who has a passkey, or when the list fails', async () => {
    device(true, [{ id: 1, device_name: 'Laptop', created_at: '2026-11-23T10:00:00Z', last_used_at: null }]);
    await expect(setupPromptDue('manager')).resolves.toBe(false);
    device(true, 'error');
    await expect(setupPromptDue('manager')).resolves.toBe(false);
  });
});
