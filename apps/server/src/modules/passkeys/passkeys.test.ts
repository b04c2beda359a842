import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { passkeys, refreshTokens, users } from '../../db/schema/index';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { Session, createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { signedInWithCode } from '../../../test/two-factor-sign-in';
import { DEMO_PASSWORD } from '../../db/seed/demo';

const ORIGIN = 'http://localhost:3000';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function registerPasskey(session: Session, device = 'My laptop') {
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const options = (await session.request({ method: 'POST', url: '/api/webauthn/register/options' })).json();
  const credential = authenticator.register(options);
  const response = await session.request({
    method: 'POST',
    url: '/api/webauthn/register/verify',
    payload: { credential, device_name: device },
  });
  return { authenticator, response };
}

/** A browser starting a passkey sign-in: its options, and the ceremony cookie the answer set in it. */
async function startCeremony(username: string, browser = new Session(testApp.app)) {
  const response = await browser.request({
    method: 'POST',
    url: '/api/webauthn/authenticate/options',
    payload: { username },
  });
  return { browser, response, options: response.json() };
}

async function authenticationOptions(username: string) {
  return (await startCeremony(username)).options;
}

async function passkeySignIn(username: string, credential: unknown, session = new Session(testApp.app)) {
  const response = await session.request({
    method: 'POST',
    url: '/api/webauthn/authenticate/verify',
    payload: { username, credential },
  });
  return { session, response };
}

async function storedPasskey(username: string) {
  const [row] = await testApp.context.database.db
    .select({ counter: passkeys.counter, lastUsedAt: passkeys.lastUsedAt, id: passkeys.id })
    .from(passkeys)
    .innerJoin(users, and(eq(users.organizationId, passkeys.organizationId), eq(users.id, passkeys.userId)))
    .where(eq(users.username, username));
  return row;
}

describe('passkey registration', () => {
  it('answers the SPEC 3 registration options, RP ID from PUBLIC_URL, user verification required', async () => {
    const session = await signedIn(testApp.app, 'manager');
    const response = await session.request({ method: 'POST', url: '/api/webauthn/register/options' });
    expect(response.statusCode).toBe(200);
    const options = response.json();
    expect(options.rp).toEqual({ name: 'Demo CPA', id: 'localhost' });
    expect(typeof options.challenge).toBe('string');
    const userId = Buffer.from(options.user.id, 'base64url');
    expect(userId.length).toBeGreaterThanOrEqual(1);
    expect(userId.length).toBeLessThanOrEqual(64);
    expect(options.user.name).toBe('manager');
    expect(options.excludeCredentials).toEqual([]);
    expect(options.pubKeyCredParams.map((param: { alg: number }) => param.alg)).toContain(-7);
    expect(options.authenticatorSelection.userVerification).toBe('required');
  });

  it('verifies a full ceremony, trims the device name and answers {credential}', async () => {
    const session = await signedIn(testApp.app, 'billing');
    const { response } = await registerPasskey(session, '  Work laptop  ');
    expect(response.statusCode).toBe(200);
    const { credential } = response.json();
    expect(credential).toMatchObject({ device_name: 'Work laptop', last_used_at: null });
    expect(typeof credential.id).toBe('number');
    expect(new Date(credential.created_at).toString()).not.toBe('Invalid Date');
    const list = await session.request({ url: '/api/webauthn/credentials' });
    expect(list.json()).toEqual({ credentials: [credential] });
    const security = await session.request({ url: '/api/account/security' });
    expect(security.json().has_passkey).toBe(true);
  });

  it("refuses a blank device name with SPEC 5's message, and nothing is stored", async () => {
    const session = await signedIn(testApp.app, 'nwadmin');
    const { response } = await registerPasskey(session, '   ');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Device name is required');
    const list = await session.request({ url: '/api/webauthn/credentials' });
    expect(list.json()).toEqual({ credentials: [] });
  });

  it('allows one passkey per user (SPEC 9): a second registration gets 409', async () => {
    const session = await signedIn(testApp.app, 'billing');
    const options = await session.request({ method: 'POST', url: '/api/webauthn/register/options' });
    expect(options.statusCode).toBe(409);
    expect(options.json().error).toMatch(/^Only one passkey may be registered at a time/);
  });

  it('refuses an attestation made for another origin, and the challenge is spent', async () => {
    const session = await signedIn(testApp.app, 'readonly');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = (await session.request({ method: 'POST', url: '/api/webauthn/register/options' })).json();
    const forged = authenticator.register(options, { origin: 'http://evil.example' });
    const refused = await session.request({
      method: 'POST',
      url: '/api/webauthn/register/verify',
      payload: { credential: forged, device_name: 'Evil' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Registration failed' });
    const honest = authenticator.register(options);
    const replayed = await session.request({
      method: 'POST',
      url: '/api/webauthn/register/verify',
      payload: { credential: honest, device_name: 'Laptop' },
    });
    expect(replayed.statusCode).toBe(400);
  });

  it('refuses a registration without user verification', async () => {
    const session = await signedIn(testApp.app, 'readonly');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = (await session.request({ method: 'POST', url: '/api/webauthn/register/options' })).json();
    const credential = authenticator.register(options, { userVerified: false });
    const response = await session.request({
      method: 'POST',
      url: '/api/webauthn/register/verify',
      payload: { credential, device_name: 'Laptop' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('needs a fresh sign-in or the current password (ADR 0033)', async () => {
    const session = await signedIn(testApp.app, 'readonly');
    await testApp.context.database.db.execute(
      sql`update ${refreshTokens} set created_at = now() - interval '1 hour' where user_id = (select id from users where username = 'readonly')`,
    );
    const stale = await session.request({ method: 'POST', url: '/api/webauthn/register/options' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({
      error: 'Please confirm your current password',
      details: { current_password: 'Please confirm your current password' },
    });
    const wrong = await session.request({
      method: 'POST',
      url: '/api/webauthn/register/options',
      payload: { current_password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Current password is incorrect');
    const confirmed = await session.request({
      method: 'POST',
      url: '/api/webauthn/register/options',
      payload: { current_password: DEMO_PASSWORD },
    });
    expect(confirmed.statusCode).toBe(200);
  });

  it('needs a session and the CSRF header', async () => {
    const anonymous = await new Session(testApp.app).request({ method: 'POST', url: '/api/webauthn/register/options' });
    expect(anonymous.statusCode).toBe(401);
    const session = await signedIn(testApp.app, 'staff');
    const noCsrf = await session.request({ method: 'POST', url: '/api/webauthn/register/options', csrf: null });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('passkey sign-in', () => {
  let authenticator: SoftwareAuthenticator;

  beforeAll(async () => {
    const session = await signedIn(testApp.app, 'staff');
    const registered = await registerPasskey(session, 'Phone');
    expect(registered.response.statusCode).toBe(200);
    authenticator = registered.authenticator;
  });

  it('answers options that list no credential (the browser offers its own), RP ID localhost', async () => {
    const options = await authenticationOptions('staff');
    expect(options.rpId).toBe('localhost');
    expect(options.allowCredentials).toEqual([]);
    expect(options.userVerification).toBe('required');
  });

  it('answers the same for every username: with a passkey, without one, or unknown', async () => {
    const answers = await Promise.all(['staff', 'manager', 'nobody-here'].map((name) => startCeremony(name)));
    const shapes = answers.map(({ options }) => ({ ...options, challenge: typeof options.challenge }));
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    const cookies = answers.map(({ response }) => response.cookies.map((cookie) => cookie.name));
    expect(cookies[1]).toEqual(cookies[0]);
    expect(cookies[2]).toEqual(cookies[0]);
  });

  it("does not spoil a user's sign-in in progress: options asked for his name elsewhere leave his ceremony alone", async () => {
    const { browser, options } = await startCeremony('staff');
    await startCeremony('staff');
    const { response } = await passkeySignIn('staff', authenticator.authenticate(options), browser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'staff' });
  });

  it('binds the challenge to the browser that asked for it: another browser cannot use it', async () => {
    const { options } = await startCeremony('staff');
    const { response } = await passkeySignIn('staff', authenticator.authenticate(options));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication failed' });
  });

  it('keeps the ceremony cookie HttpOnly, SameSite=Lax and short-lived', async () => {
    const { response } = await startCeremony('staff');
    const [cookie] = response.cookies as { name: string; httpOnly?: boolean; sameSite?: string; maxAge?: number }[];
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.maxAge).toBeLessThanOrEqual(300);
  });

  it("asks for a username with SPEC 5's message", async () => {
    const response = await new Session(testApp.app).request({
      method: 'POST',
      url: '/api/webauthn/authenticate/options',
      payload: { username: '  ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Username is required');
  });

  it('signs in: the user object and session cookies; the counter and last use are stored', async () => {
    const { browser, options } = await startCeremony('staff');
    const { session, response } = await passkeySignIn('staff', authenticator.authenticate(options), browser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'staff' });
    expect(session.csrfAccess).toBeDefined();
    expect((await session.request({ url: '/user' })).statusCode).toBe(200);
    const stored = await storedPasskey('staff');
    expect(stored?.counter).toBe(authenticator.counter);
    expect(stored?.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed assertion: each challenge works once', async () => {
    const { browser, options } = await startCeremony('staff');
    const assertion = authenticator.authenticate(options);
    const ceremonyCookie = browser.cookie('passkey_ceremony');
    expect((await passkeySignIn('staff', assertion, browser)).response.statusCode).toBe(200);
    expect(browser.cookie('passkey_ceremony')).toBeUndefined();
    const copy = new Session(testApp.app);
    copy.setCookie('passkey_ceremony', ceremonyCookie);
    const replay = await passkeySignIn('staff', assertion, copy);
    expect(replay.response.statusCode).toBe(401);
    expect(replay.response.json()).toEqual({ error: 'Authentication failed' });
    expect(replay.session.csrfAccess).toBeUndefined();
  });

  it('refuses a challenge the server never issued', async () => {
    const { browser, options } = await startCeremony('staff');
    const assertion = authenticator.authenticate(options, { challenge: Buffer.from('made-up').toString('base64url') });
    expect((await passkeySignIn('staff', assertion, browser)).response.statusCode).toBe(401);
  });

  it('refuses an assertion made for another origin or RP ID', async () => {
    let ceremony = await startCeremony('staff');
    const wrongOrigin = authenticator.authenticate(ceremony.options, { origin: 'https://phish.example' });
    expect((await passkeySignIn('staff', wrongOrigin, ceremony.browser)).response.statusCode).toBe(401);
    ceremony = await startCeremony('staff');
    const wrongRp = authenticator.authenticate(ceremony.options, { rpId: 'phish.example' });
    expect((await passkeySignIn('staff', wrongRp, ceremony.browser)).response.statusCode).toBe(401);
  });

  it('refuses a counter that does not increase (a cloned authenticator)', async () => {
    const stored = (await storedPasskey('staff'))?.counter ?? 0;
    expect(stored).toBeGreaterThan(1);
    for (const counter of [stored, stored - 1]) {
      const { browser, options } = await startCeremony('staff');
      const stale = authenticator.authenticate(options, { counter });
      expect((await passkeySignIn('staff', stale, browser)).response.statusCode).toBe(401);
    }
  });

  it('refuses an assertion without user verification', async () => {
    const { browser, options } = await startCeremony('staff');
    const unverified = authenticator.authenticate(options, { userVerified: false });
    expect((await passkeySignIn('staff', unverified, browser)).response.statusCode).toBe(401);
  });

  it("refuses another user's credential", async () => {
    const other = await signedIn(testApp.app, 'admin');
    expect((await registerPasskey(other, 'Admin key')).response.statusCode).toBe(200);
    const forAdmin = await startCeremony('admin');
    const staffKeyForAdmin = authenticator.authenticate(forAdmin.options);
    const response = await passkeySignIn('admin', staffKeyForAdmin, forAdmin.browser);
    expect(response.response.statusCode).toBe(401);
    expect(response.response.json()).toEqual({ error: 'Authentication failed' });
  });

  it("refuses a sign-in at another organization's host", async () => {
    const { browser, options } = await startCeremony('staff');
    const assertion = authenticator.authenticate(options);
    const response = await browser.request({
      method: 'POST',
      url: '/api/webauthn/authenticate/verify',
      payload: { username: 'staff', credential: assertion },
      headers: { origin: 'http://northwind.practice.example' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('counts failures toward the sign-in limit (429 with Retry-After)', async () => {
    const session = await signedIn(testApp.app, 'nwstaff');
    const registered = await registerPasskey(session, 'Key');
    expect(registered.response.statusCode).toBe(200);
    for (let tries = 0; tries < 10; tries += 1) {
      const { browser, options } = await startCeremony('nwstaff');
      const bad = registered.authenticator.authenticate(options, { origin: 'https://phish.example' });
      expect((await passkeySignIn('nwstaff', bad, browser)).response.statusCode).toBe(401);
    }
    const { browser, options } = await startCeremony('nwstaff');
    const good = registered.authenticator.authenticate(options);
    const limited = (await passkeySignIn('nwstaff', good, browser)).response;
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a passkey satisfies 2FA', () => {
  it('lets the 2FA user in without a code, and POST /login reports has_biometric', async () => {
    const session = await signedInWithCode(testApp, 'partner', 'partner@demo-cpa.example');
    const { authenticator, response } = await registerPasskey(session, 'Partner phone');
    expect(response.statusCode).toBe(200);
    const password = await new Session(testApp.app).signIn('partner');
    expect(password.json()).toMatchObject({ requires_2fa: true, has_biometric: true, has_email: true });
    const { browser, options } = await startCeremony('partner');
    const signIn = await passkeySignIn('partner', authenticator.authenticate(options), browser);
    expect(signIn.response.statusCode).toBe(200);
    expect(signIn.response.json().username).toBe('partner');
  });
});

describe('listing, renaming and revoking', () => {
  it('renames with a trimmed name and refuses a blank one', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const [credential] = (await session.request({ url: '/api/webauthn/credentials' })).json().credentials;
    const renamed = await session.request({
      method: 'PATCH',
      url: `/api/webauthn/credentials/${credential.id}`,
      payload: { device_name: '  Old phone ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().credential).toMatchObject({ id: credential.id, device_name: 'Old phone' });
    const blank = await session.request({
      method: 'PATCH',
      url: `/api/webauthn/credentials/${credential.id}`,
      payload: { device_name: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('New device name is required');
  });

  it("answers 404 for another user's and another organization's passkey, and changes nothing", async () => {
    const staffKey = await storedPasskey('staff');
    const colleague = await signedIn(testApp.app, 'manager');
    const foreign = await signedIn(testApp.app, 'nwadmin');
    for (const session of [colleague, foreign]) {
      const rename = await session.request({
        method: 'PATCH',
        url: `/api/webauthn/credentials/${staffKey?.id}`,
        payload: { device_name: 'Mine now' },
      });
      expect(rename.statusCode).toBe(404);
      const revoke = await session.request({ method: 'DELETE', url: `/api/webauthn/credentials/${staffKey?.id}` });
      expect(revoke.statusCode).toBe(404);
    }
    expect(await storedPasskey('staff')).toBeDefined();
  });

  it('refuses a malformed credential id', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request({ method: 'DELETE', url: '/api/webauthn/credentials/abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Credential ID is required');
  });

  it('revokes: the list is empty, the passkey no longer signs in, a new one may be registered', async () => {
    const session = await signedIn(testApp.app, 'admin');
    const [credential] = (await session.request({ url: '/api/webauthn/credentials' })).json().credentials;
    const revoked = await session.request({ method: 'DELETE', url: `/api/webauthn/credentials/${credential.id}` });
    expect(revoked.statusCode).toBe(200);
    expect((await session.request({ url: '/api/webauthn/credentials' })).json()).toEqual({ credentials: [] });
    const replacement = await registerPasskey(session, 'New key');
    expect(replacement.response.statusCode).toBe(200);
    const signIn = async () => {
      const { browser, options } = await startCeremony('admin');
      return (await passkeySignIn('admin', replacement.authenticator.authenticate(options), browser)).response;
    };
    expect((await signIn()).statusCode).toBe(200);
    const id = replacement.response.json().credential.id;
    expect((await session.request({ method: 'DELETE', url: `/api/webauthn/credentials/${id}` })).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(401);
  });
});

it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
  expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
});
