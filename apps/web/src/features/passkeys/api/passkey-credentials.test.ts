import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listPasskeys, renamePasskey, revokePasskey } from './passkey-credentials';

const CREDENTIAL = { id: 4, device_name: 'Laptop', created_at: '2026-11-23T10:00:00.000Z', last_used_at: null };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answer(response: Response | Error) {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  window.__APP_CONFIG__ = { apiUrl: 'http://api.test' };
});
afterEach(() => vi.unstubAllGlobals());

describe('passkey credentials (SPEC 7)', () => {
  it('lists, with SPEC 8 fallbacks for a failed or unreachable server', async () => {
    answer(json(200, { credentials: [CREDENTIAL] }));
    await expect(listPasskeys()).resolves.toEqual([CREDENTIAL]);
    answer(json(500, {}));
    await expect(listPasskeys()).rejects.toThrow('Failed to get credentials');
    answer(new TypeError('Failed to fetch'));
    await expect(listPasskeys()).rejects.toThrow('Failed to fetch credentials');
  });

  it('renames with a trimmed name, checking id and name first', async () => {
    const fetch = answer(json(200, { credential: { ...CREDENTIAL, device_name: 'Phone' } }));
    await expect(renamePasskey(4, ' Phone ')).resolves.toMatchObject({ device_name: 'Phone' });
    expect(fetch).toHaveBeenCalledWith(
      'http://api.test/api/webauthn/credentials/4',
      expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ device_name: 'Phone' }) }),
    );
    await expect(renamePasskey(4, '  ')).rejects.toThrow('New device name is required');
    await expect(renamePasskey(null, 'Phone')).rejects.toThrow('Credential ID is required');
    answer(json(500, {}));
    await expect(renamePasskey(4, 'Phone')).rejects.toThrow('Failed to update credential');
  });

  it('revokes, asking for the password when the server does, then sending it', async () => {
    const confirm = 'Please confirm your current password';
    answer(json(403, { error: confirm, details: { current_password: confirm } }));
    await expect(revokePasskey(4)).rejects.toMatchObject({ message: confirm, needsPassword: true });
    const fetch = answer(json(200, { success: true }));
    await expect(revokePasskey(4, 'demo-password')).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledWith(
      'http://api.test/api/webauthn/credentials/4',
      expect.objectContaining({ method: 'DELETE', body: JSON.stringify({ current_password: 'demo-password' }) }),
    );
    await expect(revokePasskey(undefined as unknown as null)).rejects.toThrow('Credential ID is required');
    answer(json(500, {}));
    await expect(revokePasskey(4)).rejects.toMatchObject({
      message: 'Failed to revoke credential',
      needsPassword: false,
    });
  });
});
