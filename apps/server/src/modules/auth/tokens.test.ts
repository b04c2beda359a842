import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner, type AccessClaims } from './tokens';

const SECRET = 'tokens-test-secret-0123456789abcdef0123456789';
const claims: AccessClaims = {
  userId: 7,
  organizationId: 3,
  csrf: 'csrf-value',
  familyId: '0b6f3c1e-2d4a-4b5c-8d6e-7f8091a2b3c4',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('access token verification', () => {
  it('answers the same claims for a token verified before', async () => {
    const signer = createTokenSigner(SECRET);
    const token = await signer.signAccess(claims);
    expect(await signer.verifyAccess(token)).toEqual({ ok: true, claims });
    expect(await signer.verifyAccess(token)).toEqual({ ok: true, claims });
  });

  it('refuses a token verified before once its expiry has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signer = createTokenSigner(SECRET);
    const token = await signer.signAccess(claims, 60);
    expect((await signer.verifyAccess(token)).ok).toBe(true);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await signer.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token changed by one character after a good one was verified', async () => {
    const signer = createTokenSigner(SECRET);
    const token = await signer.signAccess(claims);
    await signer.verifyAccess(token);
    // The signature's first character: the last one may carry only padding bits.
    const start = token.lastIndexOf('.') + 1;
    const changed = token[start] === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, start)}${changed}${token.slice(start + 1)}`;
    expect(await signer.verifyAccess(tampered)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a token signed with another secret', async () => {
    const token = await createTokenSigner(`${SECRET}-other`).signAccess(claims);
    expect(await createTokenSigner(SECRET).verifyAccess(token)).toEqual({ ok: false, reason: 'invalid' });
  });
});
