import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, sessionActions } from '../../../lib/session-store';
import { cancelCeremony, registerPasskey, signInWithPasskey } from './passkey-ceremonies';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));

const USER = {
  id: 9,
  username: 'nwadmin',
  email: 'nwadmin@northwind.example',
  first_name: 'Nora',
  last_name: 'West',
  organization_id: 2,
  role: { name: 'Administrator' },
  role_name: 'admin',
  full_role: { all: true },
  bookmarked_clients: [],
};
const CREDENTIAL = { id: 4, device_name: 'Laptop', created_at: '2026-11-23T10:00:00.000Z', last_used_at: null };
const REQUEST_OPTIONS = { challenge: 'abc', rpId: 'localhost', allowCredentials: [] };
const ASSERTION = { id: 'key', rawId: 'key', type: 'public-key', response: {}, clientExtensionResults: {} };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Route = (body: unknown) => Response | Promise<Response>;

/** A fake API keyed by "METHOD path"; every call's body is kept. */
function serve(routes: Record<string, Route>) {
  const calls: { route: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const route = `${init.method} ${input.replace('http://api.test', '')}`;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ route, body });
      const answer = routes[route];
      if (!answer) throw new Error(`unexpected call ${route}`);
      return answer(body);
    }),
  );
  return calls;
}

beforeEach(() => {
  window.__APP_CONFIG__ = { apiUrl: 'http://api.test' };
  sessionActions.signedOut();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(startAuthentication).mockReset();
  vi.mocked(startRegistration).mockReset();
});

describe('passkey sign-in', () => {
  it('asks for a username before calling the server', async () => {
    const calls = serve({});
    await expect(signInWithPasskey('  ')).resolves.toEqual({ kind: 'failed', message: 'Username is required' });
    expect(calls).toEqual([]);
  });

  it('runs options, the browser and verify, and signs the user in', async () => {
    const calls = serve({
      'POST /api/webauthn/authenticate/options': () => json(200, REQUEST_OPTIONS),
      'POST /api/webauthn/authenticate/verify': () => json(200, USER),
    });
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    await expect(signInWithPasskey(' nwadmin ')).resolves.toMatchObject({ kind: 'signed-in' });
    expect(calls).toEqual([
      { route: 'POST /api/webauthn/authenticate/options', body: { username: 'nwadmin' } },
      { route: 'POST /api/webauthn/authenticate/verify', body: { username: 'nwadmin', credential: ASSERTION } },
    ]);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS, useBrowserAutofill: false });
    expect(getSession().user?.username).toBe('nwadmin');
  });

  it('accepts the {user} answer too (SPEC 7)', async () => {
    serve({
      'POST /api/webauthn/authenticate/options': () => json(200, REQUEST_OPTIONS),
      'POST /api/webauthn/authenticate/verify': () => json(200, { user: USER }),
    });
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    await expect(signInWithPasskey('nwadmin')).resolves.toMatchObject({ kind: 'signed-in' });
  });

  it('opens the browser prompt on options that list no credential, as the server answers for every name', async () => {
    serve({
      'POST /api/webauthn/authenticate/options': () => json(200, REQUEST_OPTIONS),
      'POST /api/webauthn/authenticate/verify': () => json(200, USER),
    });
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    await expect(signInWithPasskey('manager')).resolves.toMatchObject({ kind: 'signed-in' });
    expect(startAuthentication).toHaveBeenCalledTimes(1);
  });

  it('maps a refused browser prompt to the SPEC 8 text', async () => {
    serve({ 'POST /api/webauthn/authenticate/options': () => json(200, REQUEST_OPTIONS) });
    vi.mocked(startAuthentication).mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    await expect(signInWithPasskey('nwadmin')).resolves.toEqual({
      kind: 'failed',
      message: 'Passkey authentication was cancelled. Please try again.',
    });
  });

  it('uses the SPEC 8 fallbacks when the server says nothing usable', async () => {
    serve({ 'POST /api/webauthn/authenticate/options': () => json(500, {}) });
    await expect(signInWithPasskey('nwadmin')).resolves.toEqual({
      kind: 'failed',
      message: 'Failed to get authentication options',
    });
    serve({
      'POST /api/webauthn/authenticate/options': () => json(200, REQUEST_OPTIONS),
      'POST /api/webauthn/authenticate/verify': () => json(500, {}),
    });
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    await expect(signInWithPasskey('nwadmin')).resolves.toEqual({ kind: 'failed', message: 'Authentication failed' });
    serve({
      'POST /api/webauthn/authenticate/options': () => json(200, REQUEST_OPTIONS),
      'POST /api/webauthn/authenticate/verify': () => json(200, { odd: true }),
    });
    await expect(signInWithPasskey('nwadmin')).resolves.toEqual({
      kind: 'failed',
      message: 'Biometric authentication failed',
    });
  });

  it("shows the server's own refusal", async () => {
    serve({
      'POST /api/webauthn/authenticate/options': () => json(200, REQUEST_OPTIONS),
      'POST /api/webauthn/authenticate/verify': () => json(401, { error: 'Authentication failed' }),
    });
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    await expect(signInWithPasskey('nwadmin')).resolves.toEqual({ kind: 'failed', message: 'Authentication failed' });
  });

  it('runs one ceremony at a time: a newer one or a cancel silences the older', async () => {
    serve({
      'POST /api/webauthn/authenticate/options': () => json(200, REQUEST_OPTIONS),
      'POST /api/webauthn/authenticate/verify': () => json(200, USER),
    });
    let abortFirst: (error: Error) => void = () => undefined;
    vi.mocked(startAuthentication)
      .mockImplementationOnce(() => new Promise((_resolve, reject) => (abortFirst = reject)))
      .mockResolvedValueOnce(ASSERTION as never);
    const autofill = signInWithPasskey('nwadmin', { autofill: true });
    await vi.waitFor(() => expect(startAuthentication).toHaveBeenCalledTimes(1));
    const explicit = signInWithPasskey('nwadmin');
    await expect(explicit).resolves.toMatchObject({ kind: 'signed-in' });
    abortFirst(new DOMException('aborted', 'AbortError'));
    await expect(autofill).resolves.toEqual({ kind: 'superseded' });

    vi.mocked(startAuthentication).mockImplementationOnce(
      () => new Promise((_resolve, reject) => (abortFirst = reject)),
    );
    const cancelled = signInWithPasskey('nwadmin');
    await vi.waitFor(() => expect(startAuthentication).toHaveBeenCalledTimes(3));
    cancelCeremony();
    abortFirst(new DOMException('aborted', 'AbortError'));
    await expect(cancelled).resolves.toEqual({ kind: 'superseded' });
  });
});

describe('passkey registration', () => {
  const CREATION_OPTIONS = { challenge: 'xyz', rp: { id: 'localhost', name: 'Northwind' }, user: { id: 'u' } };

  it('needs a device name', async () => {
    const calls = serve({});
    await expect(registerPasskey({ deviceName: ' ' })).resolves.toEqual({
      kind: 'failed',
      message: 'Device name is required',
    });
    expect(calls).toEqual([]);
  });

  it('registers: options, the browser, verify with the trimmed device name', async () => {
    const calls = serve({
      'POST /api/webauthn/register/options': () => json(200, CREATION_OPTIONS),
      'POST /api/webauthn/register/verify': () => json(200, { credential: CREDENTIAL }),
    });
    vi.mocked(startRegistration).mockResolvedValue({ id: 'new' } as never);
    await expect(registerPasskey({ deviceName: ' Laptop ' })).resolves.toEqual({
      kind: 'registered',
      credential: CREDENTIAL,
    });
    expect(calls).toEqual([
      { route: 'POST /api/webauthn/register/options', body: undefined },
      { route: 'POST /api/webauthn/register/verify', body: { credential: { id: 'new' }, device_name: 'Laptop' } },
    ]);
  });

  it('asks for the current password on a stale session and sends it on the retry (ADR 0033)', async () => {
    const confirm = 'Please confirm your current password';
    const calls = serve({
      'POST /api/webauthn/register/options': (body) =>
        body ? json(200, CREATION_OPTIONS) : json(403, { error: confirm, details: { current_password: confirm } }),
      'POST /api/webauthn/register/verify': () => json(200, { credential: CREDENTIAL }),
    });
    vi.mocked(startRegistration).mockResolvedValue({ id: 'new' } as never);
    await expect(registerPasskey({ deviceName: 'Laptop' })).resolves.toEqual({
      kind: 'needs-password',
      message: confirm,
    });
    await expect(registerPasskey({ deviceName: 'Laptop', currentPassword: 'demo-password' })).resolves.toMatchObject({
      kind: 'registered',
    });
    expect(calls[1]?.body).toEqual({ current_password: 'demo-password' });
  });

  it("shows the server's refusal, else the SPEC 8 fallbacks", async () => {
    const onlyOne = 'Only one passkey may be registered at a time. Remove your existing passkey first.';
    serve({ 'POST /api/webauthn/register/options': () => json(409, { error: onlyOne }) });
    await expect(registerPasskey({ deviceName: 'Laptop' })).resolves.toEqual({ kind: 'failed', message: onlyOne });
    serve({ 'POST /api/webauthn/register/options': () => json(500, {}) });
    await expect(registerPasskey({ deviceName: 'Laptop' })).resolves.toEqual({
      kind: 'failed',
      message: 'Failed to get registration options',
    });
    serve({
      'POST /api/webauthn/register/options': () => json(200, CREATION_OPTIONS),
      'POST /api/webauthn/register/verify': () => json(500, {}),
    });
    vi.mocked(startRegistration).mockResolvedValue({ id: 'new' } as never);
    await expect(registerPasskey({ deviceName: 'Laptop' })).resolves.toEqual({
      kind: 'failed',
      message: 'Registration failed',
    });
    serve({
      'POST /api/webauthn/register/options': () => json(200, CREATION_OPTIONS),
      'POST /api/webauthn/register/verify': () => json(200, {}),
    });
    await expect(registerPasskey({ deviceName: 'Laptop' })).resolves.toEqual({
      kind: 'failed',
      message: 'Biometric registration failed',
    });
  });

  it('maps a timed-out browser prompt', async () => {
    serve({ 'POST /api/webauthn/register/options': () => json(200, CREATION_OPTIONS) });
    vi.mocked(startRegistration).mockRejectedValue(new DOMException('timeout', 'TimeoutError'));
    await expect(registerPasskey({ deviceName: 'Laptop' })).resolves.toEqual({
      kind: 'failed',
      message: 'Authentication timed out. Please try again.',
    });
  });
});

describe('one ceremony at a time', () => {
  it('never lets the autofill request replace a sign-in the user clicked', async () => {
    serve({
      'POST /api/webauthn/authenticate/options': () => json(200, REQUEST_OPTIONS),
      'POST /api/webauthn/authenticate/verify': () => json(200, USER),
    });
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    const explicit = signInWithPasskey('nwadmin');
    await expect(signInWithPasskey('nwadmin', { autofill: true })).resolves.toEqual({ kind: 'superseded' });
    await expect(explicit).resolves.toMatchObject({ kind: 'signed-in' });
    expect(startAuthentication).toHaveBeenCalledTimes(1);
  });
});
