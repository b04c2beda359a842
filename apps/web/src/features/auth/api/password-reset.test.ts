import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFetch as answer, jsonResponse as json } from '../../../test-support/fetch-answers';
import { emailProblem, requestPasswordReset } from './password-reset';

describe('the reset request', () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { apiUrl: 'http://api.test' };
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks the address with the SPEC 5 messages', () => {
    expect(emailProblem('')).toBe('Email is required');
    expect(emailProblem('   ')).toBe('Email is required');
    expect(emailProblem('someone')).toBe('Invalid email address');
    expect(emailProblem('someone@firm')).toBe('Invalid email address');
    expect(emailProblem('someone@firm.example')).toBeNull();
  });

  it('sends the trimmed address and answers the SPEC 8 success', async () => {
    answer(json(200, { success: true, message: 'Password reset email sent!' }));
    await expect(requestPasswordReset(' someone@firm.example ')).resolves.toEqual({
      ok: true,
      message: 'Password reset email sent!',
    });
    expect(vi.mocked(fetch).mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ email: 'someone@firm.example' }));
  });

  it('uses the SPEC 8 fallbacks', async () => {
    answer(json(429, { error: 'Too many reset requests. Please try again later.' }));
    await expect(requestPasswordReset('someone@firm.example')).resolves.toEqual({
      ok: false,
      message: 'Too many reset requests. Please try again later.',
    });
    answer(json(500, {}));
    await expect(requestPasswordReset('someone@firm.example')).resolves.toEqual({
      ok: false,
      message: 'Failed to send reset email',
    });
    answer(new TypeError('Failed to fetch'));
    await expect(requestPasswordReset('someone@firm.example')).resolves.toEqual({
      ok: false,
      message: 'Network error during password reset',
    });
  });
});
