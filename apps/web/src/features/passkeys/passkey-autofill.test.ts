import { afterEach, describe, expect, it, vi } from 'vitest';
import { armPasskeyAutofill } from './passkey-autofill';

const signInWithPasskey = vi.fn();
vi.mock('./load-ceremonies', () => ({ loadCeremonies: async () => ({ signInWithPasskey }) }));

function conditionalMediation(available: boolean): void {
  vi.stubGlobal(
    'PublicKeyCredential',
    Object.assign(function PublicKeyCredential() {}, { isConditionalMediationAvailable: async () => available }),
  );
}

describe('conditional (autofill) passkey sign-in (SPEC 4, ADR 0085)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    signInWithPasskey.mockReset();
  });

  it('arms a conditional ceremony for a username the sign-in form accepts', async () => {
    conditionalMediation(true);
    signInWithPasskey.mockResolvedValue({ kind: 'signed-in', user: {} });
    await expect(armPasskeyAutofill(' manager ', new AbortController().signal)).resolves.toEqual({ kind: 'signed-in' });
    expect(signInWithPasskey).toHaveBeenCalledWith('manager', { autofill: true });
  });

  it('stays idle for a short or missing username, or where the browser cannot', async () => {
    conditionalMediation(true);
    await expect(armPasskeyAutofill('abc', new AbortController().signal)).resolves.toEqual({ kind: 'idle' });
    await expect(armPasskeyAutofill('', new AbortController().signal)).resolves.toEqual({ kind: 'idle' });
    conditionalMediation(false);
    await expect(armPasskeyAutofill('manager', new AbortController().signal)).resolves.toEqual({ kind: 'idle' });
    expect(signInWithPasskey).not.toHaveBeenCalled();
  });

  it('starts nothing once the form has given it up', async () => {
    conditionalMediation(true);
    const controller = new AbortController();
    const armed = armPasskeyAutofill('manager', controller.signal);
    controller.abort();
    await expect(armed).resolves.toEqual({ kind: 'idle' });
    expect(signInWithPasskey).not.toHaveBeenCalled();
  });

  it('is silent when replaced, and reports a refusal', async () => {
    conditionalMediation(true);
    signInWithPasskey.mockResolvedValueOnce({ kind: 'superseded' });
    await expect(armPasskeyAutofill('manager', new AbortController().signal)).resolves.toEqual({ kind: 'idle' });
    signInWithPasskey.mockResolvedValueOnce({ kind: 'failed', message: 'Authentication failed' });
    await expect(armPasskeyAutofill('manager', new AbortController().signal)).resolves.toEqual({
      kind: 'failed',
      message: 'Authentication failed',
    });
  });
});
