import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { passkeys, refreshTokens, users } from '../../db/schema/index';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { Session, createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';

const ORIGIN = 'http://localhost:3000';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function register(session: Session, authenticator: SoftwareAuthenticator, userPresent = true) {
  const options = (await session.request({ method: 'POST', url: '/api/webauthn/register/options' })).json();
  return session.request({
    method: 'POST',
    url: '/api/webauthn/register/verify',
    payload: { credential: authenticator.register(options, { userPresent }), device_name: 'Laptop' },
  });
}

async function signInWithPasskey(username: string, authenticator: SoftwareAuthenticator, userPresent = true) {
  const anonymous = new Session(testApp.app);
  const options = (
    await anonymous.request({ method: 'POST', url: '/api/webauthn/authenticate/options', payload: { username } })
  ).json();
  return anonymous.request({
    method: 'POST',
    url: '/api/webauthn/authenticate/verify',
    payload: { username, credential: authenticator.authenticate(options, { userPresent }) },
  });
}

async function passkeyCount(username: string): Promise<number> {
  const rows = await testApp.context.database.db
    .select({ id: passkeys.id })
    .from(passkeys)
    .innerJoin(users, and(eq(users.organizationId, passkeys.organizationId), eq(users.id, passkeys.userId)))
    .where(eq(users.username, username));
  return rows.length;
}

/** Moves the start of the user's sessions an hour back: no longer a fresh sign-in (ADR 0033). */
async function ageSessions(username: string): Promise<void> {
  await testApp.context.database.db.execute(
    sql`update ${refreshTokens} set created_at = now() - interval '1 hour' where user_id = (select id from users where username = ${username})`,
  );
}

describe('user presence (SECURITY.md: presence and verification checked)', () => {
  it('refuses a registration whose authenticator data lacks the user-present flag; nothing is stored', async () => {
    const session = await signedIn(testApp.app, 'manager');
    const response = await register(session, new SoftwareAuthenticator(ORIGIN), false);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Registration failed' });
    expect(await passkeyCount('manager')).toBe(0);
  });

  it('refuses a sign-in whose assertion lacks the user-present flag, and sets no session', async () => {
    const session = await signedIn(testApp.app, 'billing');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect((await register(session, authenticator)).statusCode).toBe(200);

    const refused = await signInWithPasskey('billing', authenticator, false);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'Authentication failed' });
    expect(refused.headers['set-cookie']).toBeUndefined();

    expect((await signInWithPasskey('billing', authenticator)).statusCode).toBe(200);
  });
});

describe('revoking a passkey needs a fresh sign-in or the current password (ADR 0033)', () => {
  async function registeredSession(username: string) {
    const session = await signedIn(testApp.app, username);
    expect((await register(session, new SoftwareAuthenticator(ORIGIN))).statusCode).toBe(200);
    const [credential] = (await session.request({ url: '/api/webauthn/credentials' })).json().credentials;
    return { session, id: credential.id as number };
  }

  it('revokes at once within 10 minutes of signing in', async () => {
    const { session, id } = await registeredSession('staff');
    const revoked = await session.request({ method: 'DELETE', url: `/api/webauthn/credentials/${id}` });
    expect(revoked.statusCode).toBe(200);
    expect(await passkeyCount('staff')).toBe(0);
  });

  it('asks an older session for the current password, refuses a wrong one, and revokes with the right one', async () => {
    const { session, id } = await registeredSession('readonly');
    await ageSessions('readonly');

    const stale = await session.request({ method: 'DELETE', url: `/api/webauthn/credentials/${id}` });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({
      error: 'Please confirm your current password',
      details: { current_password: 'Please confirm your current password' },
    });
    expect(await passkeyCount('readonly')).toBe(1);

    const wrong = await session.request({
      method: 'DELETE',
      url: `/api/webauthn/credentials/${id}`,
      payload: { current_password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Current password is incorrect');
    expect(await passkeyCount('readonly')).toBe(1);

    const confirmed = await session.request({
      method: 'DELETE',
      url: `/api/webauthn/credentials/${id}`,
      payload: { current_password: DEMO_PASSWORD },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await passkeyCount('readonly')).toBe(0);
  });
});
