import { describe, expect, it } from 'vitest';
import { checkCredentialId, checkDeviceName, checkNewDeviceName, checkUsername } from './passkey-input';

describe('passkey inputs (SPEC 5)', () => {
  it('needs a username, trimmed', () => {
    expect(checkUsername('')).toEqual({ ok: false, error: 'Username is required' });
    expect(checkUsername('   ')).toEqual({ ok: false, error: 'Username is required' });
    expect(checkUsername(undefined)).toEqual({ ok: false, error: 'Username is required' });
    expect(checkUsername('  manager ')).toEqual({ ok: true, value: 'manager' });
  });

  it('needs a device name to register and a new one to rename, trimmed', () => {
    expect(checkDeviceName(' ')).toEqual({ ok: false, error: 'Device name is required' });
    expect(checkDeviceName(' Work laptop ')).toEqual({ ok: true, value: 'Work laptop' });
    expect(checkNewDeviceName('')).toEqual({ ok: false, error: 'New device name is required' });
    expect(checkNewDeviceName(' Phone')).toEqual({ ok: true, value: 'Phone' });
  });

  it('needs a credential id', () => {
    for (const id of [null, undefined, 0, -1, 1.5, Number.NaN]) {
      expect(checkCredentialId(id)).toEqual({ ok: false, error: 'Credential ID is required' });
    }
    expect(checkCredentialId(7)).toEqual({ ok: true, value: 7 });
  });
});
