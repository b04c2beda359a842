import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFetch as answer, jsonResponse as json } from '../../../test-support/fetch-answers';
import { DEV_BYPASS_2FA_KEY } from '../../../lib/dev-storage-keys';
import { getSession, sessionActions } from '../../../lib/session-store';
import { login } from './login';

const USER = {
  id: 3,
  username: 'manager',
  email: 'manager@demo-cpa.example',
  first_name: 'Maria',
  last_name: 'Manager',
  organization_id: 1,
  role: { name: 'Manager' },
  role_name: 'manager',
  full_role: { all: false, can_view_clients: true },
  bookmarked_clients: [],
};

describe('password sign-in', () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { apiUrl: 'http://api.test' };
    sessionActions.signedOut();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signs the user in from the SPEC 3 user object', async () => {
    answer(json(200, USER));
    await expect(login({ username: 'manager', password: 'demo-password' })).resolves.toMatchObject({
      kind: 'signed-in',
    });
    expect(getSession().user?.username).toBe('manager');
  });

  it('reports a second factor without signing in', async () => {
    answer(json(200, { requires_2fa: true, has_biometric: false, has_email: true, message: 'Code sent' }));
    await expect(login({ username: 'partner', password: 'demo-password' })).resolves.toEqual({
      kind: 'second-factor',
      username: 'partner',
      hasBiometric: false,
      hasEmail: true,
      message: 'Code sent',
    });
    expect(getSession().user).toBeNull();
  });

  it('uses the SPEC 8 fallbacks', async () => {
    const attempt = () => login({ username: 'manager', password: 'demo-password' });
    answer(json(401, { error: 'Invalid username or password' }));
    await expect(attempt()).resolves.toEqual({ kind: 'failed', message: 'Invalid username or password' });
    answer(json(500, {}));
    await expect(attempt()).resolves.toEqual({ kind: 'failed', message: 'Login failed' });
    answer(new TypeError('Failed to fetch'));
    await expect(attempt()).resolves.toEqual({ kind: 'failed', message: 'Network error during login' });
    answer(json(200, { unexpected: true }));
    await expect(attempt()).resolves.toEqual({ kind: 'failed', message: 'Login failed' });
  });

  it('asks for both fields before calling the server', async () => {
    answer(new Error('must not be called'));
    await expect(login({ username: ' ', password: '' })).resolves.toEqual({
      kind: 'failed',
      message: 'Username and password are required',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the bypass-2FA header only while the dev panel toggle is on (a development build)', async () => {
    const sentHeaders = () => vi.mocked(fetch).mock.calls[0]?.[1]?.headers as Record<string, string>;
    answer(json(200, USER));
    await login({ username: 'manager', password: 'demo-password' });
    expect(sentHeaders()['X-Bypass-2FA']).toBeUndefined();
    localStorage.setItem(DEV_BYPASS_2FA_KEY, 'true');
    try {
      answer(json(200, USER));
      await login({ username: 'manager', password: 'demo-password' });
      expect(sentHeaders()['X-Bypass-2FA']).toBe('true');
    } finally {
      localStorage.removeItem(DEV_BYPASS_2FA_KEY);
    }
  });
});
