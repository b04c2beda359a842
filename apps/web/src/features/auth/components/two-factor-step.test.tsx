import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SecondFactorChallenge } from '../api/login';
import { TwoFactorStep } from './two-factor-step';

const CODE_SENT = { success: true, message: 'Verification code sent to your email' };

function challenge(hasBiometric: boolean, hasEmail = true): SecondFactorChallenge {
  return {
    kind: 'second-factor',
    username: 'partner',
    hasBiometric,
    hasEmail,
    message: 'Two-factor authentication required',
  };
}

function stubFetch(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(CODE_SENT), { headers: { 'content-type': 'application/json' } })),
  );
}

function show(hasBiometric: boolean, hasEmail = true): void {
  render(
    <TwoFactorStep
      challenge={challenge(hasBiometric, hasEmail)}
      passkeySignIn={<button type="button">Passkey slot</button>}
      onVerified={() => undefined}
      onBack={() => undefined}
    />,
  );
}

describe('the two-factor step (SPEC 4)', () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { apiUrl: 'http://api.test' };
    stubFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('with a passkey and an e-mail, offers both and sends no code until asked', async () => {
    show(true);
    expect(screen.getByRole('button', { name: 'Passkey slot' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Email Verification' }));
    expect(await screen.findByLabelText('Verification code')).toHaveProperty('maxLength', 8);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('http://api.test/login?action=request_2fa_code&username=partner');
    // SPEC 4: the passkey stays available during code entry.
    expect(screen.getByRole('button', { name: 'Passkey slot' })).toBeTruthy();
  });

  it('with an e-mail only, shows code entry at once and sends one code', async () => {
    show(false);
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Email Verification' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Passkey slot' })).toBeNull();
    expect(await screen.findByText('Verification code sent to your email')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('with a passkey only, offers no e-mail', () => {
    show(true, false);
    expect(screen.getByRole('button', { name: 'Passkey slot' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Email Verification' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
