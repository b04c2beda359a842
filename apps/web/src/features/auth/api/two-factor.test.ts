import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFetch as answer, jsonResponse as json } from '../../../test-support/fetch-answers';
import { getSession, sessionActions } from '../../../lib/session-store';
import { codeProblem, requestEmailCode, verifyEmailCode } from './two-factor';

const USER = {
  id: 2,
  username: 'partner',
  email: 'partner@demo-cpa.example',
  first_name: 'Paul',
  last_name: 'Partner',
  organization_id: 1,
  role: { name: 'Partner' },
  role_name: 'partner',
  full_role: { all: false, can_view_clients: true },
  bookmarked_clients: [],
};

describe('two-factor code', () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { apiUrl: 'http://api.test' };
    sessionActions.signedOut();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('needs exactly 8 characters (SPEC 5)', () => {
    expect(codeProblem('12345678')).toBeNull();
    expect(codeProblem('1234567')).toBe('Please enter a valid 8-digit authentication code');
    expect(codeProblem('123456789')).toBe('Please enter a valid 8-digit authentication code');
    expect(codeProblem('')).toBe('Please enter a valid 8-digit authentication code');
  });

  it('refuses a short code without calling the server', async () => {
    answer(new Error('must not be called'));
    await expect(verifyEmailCode('123')).resolves.toEqual({
      ok: false,
      message: 'Please enter a valid 8-digit authentication code',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signs the user in with the answer of POST /login {2fa_code}', async () => {
    answer(json(200, USER));
    await expect(verifyEmailCode('12345678')).resolves.toEqual({ ok: true, message: '' });
    expect(getSession().user?.username).toBe('partner');
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/login');
    expect(init?.body).toBe(JSON.stringify({ '2fa_code': '12345678' }));
  });

  it('shows the SPEC 8 verification messages', async () => {
    answer(json(401, { error: 'Invalid verification code' }));
    await expect(verifyEmailCode('12345678')).resolves.toEqual({ ok: false, message: 'Invalid verification code' });
    answer(json(401, {}));
    await expect(verifyEmailCode('12345678')).resolves.toEqual({ ok: false, message: 'Invalid verification code' });
    answer(new TypeError('Failed to fetch'));
    await expect(verifyEmailCode('12345678')).resolves.toEqual({
      ok: false,
      message: 'Network error during verification',
    });
    answer(json(200, { unexpected: true }));
    await expect(verifyEmailCode('12345678')).resolves.toEqual({
      ok: false,
      message: 'An unexpected error occurred during verification',
    });
    expect(getSession().user).toBeNull();
  });

  it('asks for a code by GET /login?action=request_2fa_code with the username', async () => {
    answer(json(200, { success: true, message: 'Verification code sent to your email' }));
    await expect(requestEmailCode('partner')).resolves.toEqual({
      ok: true,
      message: 'Verification code sent to your email',
    });
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('http://api.test/login?action=request_2fa_code&username=partner');
  });

  it('shows the SPEC 8 messages when no code could be sent', async () => {
    answer(json(429, { error: 'Too many verification codes requested. Please sign in again.' }));
    await expect(requestEmailCode('partner')).resolves.toEqual({
      ok: false,
      message: 'Too many verification codes requested. Please sign in again.',
    });
    answer(json(500, {}));
    await expect(requestEmailCode('partner')).resolves.toEqual({ ok: false, message: 'Failed to send email code' });
    answer(new TypeError('Failed to fetch'));
    await expect(requestEmailCode('partner')).resolves.toEqual({ ok: false, message: 'Failed to send email code' });
  });
});
