import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, organizations } from '../../db/schema/index';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { Session, createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { signedInWithCode } from '../../../test/two-factor-sign-in';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function changePassword(session: Session, current: string, next: string) {
  return session.request({
    method: 'POST',
    url: '/api/account/password',
    payload: { current_password: current, new_password: next },
  });
}

function setTwoFactor(session: Session, enabled: boolean, password = DEMO_PASSWORD) {
  return session.request({
    method: 'PUT',
    url: '/api/account/two-factor',
    payload: { enabled, current_password: password },
  });
}

/** Every issue 3 route that needs a session. */
const SIGNED_IN_ROUTES: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string }[] = [
  { method: 'GET', url: '/api/account/security' },
  { method: 'POST', url: '/api/account/password' },
  { method: 'PUT', url: '/api/account/two-factor' },
  { method: 'POST', url: '/api/webauthn/register/options' },
  { method: 'POST', url: '/api/webauthn/register/verify' },
  { method: 'GET', url: '/api/webauthn/credentials' },
  { method: 'PATCH', url: '/api/webauthn/credentials/1' },
  { method: 'DELETE', url: '/api/webauthn/credentials/1' },
];

describe('session and CSRF on every Settings -> Security route', () => {
  it('answers 401 without a session', async () => {
    for (const route of SIGNED_IN_ROUTES) {
      const response = await new Session(testApp.app).request({ ...route, payload: {} });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 to a state-changing call without the CSRF header', async () => {
    const session = await signedIn(testApp.app, 'staff');
    for (const route of SIGNED_IN_ROUTES.filter((candidate) => candidate.method !== 'GET')) {
      const response = await session.request({ ...route, payload: {}, csrf: null });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('is declared with the signed-in permission', () => {
    for (const route of SIGNED_IN_ROUTES) {
      const url = route.url.replace(/\/1$/, '/:id');
      const declared = testApp.app.declaredRoutes.find(
        (candidate) => candidate.method === route.method && candidate.url === url,
      );
      expect(declared?.permission, `${route.method} ${url}`).toBe('signed-in');
    }
  });
});

describe('GET /api/account/security', () => {
  it("answers the user's 2FA, the organization's rule and whether a passkey exists", async () => {
    const partner = await signedInWithCode(testApp, 'partner', 'partner@demo-cpa.example');
    expect((await partner.request({ url: '/api/account/security' })).json()).toEqual({
      two_factor_enabled: true,
      organization_requires_2fa: false,
      has_passkey: false,
    });
    const staff = await signedIn(testApp.app, 'staff');
    expect((await staff.request({ url: '/api/account/security' })).json().two_factor_enabled).toBe(false);
  });

  it('needs a session', async () => {
    expect((await new Session(testApp.app).request({ url: '/api/account/security' })).statusCode).toBe(401);
  });
});

describe('POST /api/account/password', () => {
  it('needs the current password, and a wrong one changes nothing', async () => {
    const session = await signedIn(testApp.app, 'readonly');
    const wrong = await changePassword(session, 'not-the-one', 'Granite-hill-8');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'Current password is incorrect',
      details: { current_password: 'Current password is incorrect' },
    });
    expect((await new Session(testApp.app).signIn('readonly')).statusCode).toBe(200);
  });

  it('refuses the same, a common and a too short new password', async () => {
    const session = await signedIn(testApp.app, 'readonly');
    const same = await changePassword(session, DEMO_PASSWORD, DEMO_PASSWORD);
    expect(same.json().error).toBe('The new password must differ from the current one');
    const common = await changePassword(session, DEMO_PASSWORD, 'iloveyou');
    const tooCommon = 'This password is too common. Please choose a less guessable one.';
    expect(common.json()).toEqual({ error: tooCommon, details: { new_password: tooCommon } });
    const short = await changePassword(session, DEMO_PASSWORD, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Password must be at least 5 characters');
  });

  it('changes it, keeps this session and ends the others', async () => {
    const current = await signedIn(testApp.app, 'billing');
    const other = await signedIn(testApp.app, 'billing');
    const response = await changePassword(current, DEMO_PASSWORD, 'Granite-hill-8');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed' });
    expect((await current.request({ url: '/user' })).statusCode).toBe(200);
    expect((await other.request({ url: '/user' })).statusCode).toBe(401);
    expect((await new Session(testApp.app).signIn('billing')).statusCode).toBe(401);
    expect((await new Session(testApp.app).signIn('billing', 'Granite-hill-8')).statusCode).toBe(200);
    const [audit] = await testApp.context.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.action, 'password_change'));
    expect(audit).toBeDefined();
  });

  it('needs the CSRF header', async () => {
    const session = await signedIn(testApp.app, 'manager');
    const response = await session.request({
      method: 'POST',
      url: '/api/account/password',
      payload: { current_password: DEMO_PASSWORD, new_password: 'Granite-hill-8' },
      csrf: null,
    });
    expect(response.statusCode).toBe(403);
  });

  it('counts wrong current passwords like failed sign-ins (429 after 10)', async () => {
    await testApp.context.database.db.execute(sql`delete from sign_in_failures`);
    const session = await signedIn(testApp.app, 'nwadmin');
    for (let tries = 0; tries < 10; tries += 1) {
      expect((await changePassword(session, `guess-${tries}`, 'Granite-hill-8')).statusCode).toBe(400);
    }
    const limited = await changePassword(session, DEMO_PASSWORD, 'Granite-hill-8');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await testApp.context.database.db.execute(sql`delete from sign_in_failures`);
  });
});

describe('PUT /api/account/two-factor', () => {
  it('turns e-mail 2FA on (the next sign-in asks for a code) and off again', async () => {
    const session = await signedIn(testApp.app, 'manager');
    const on = await setTwoFactor(session, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ two_factor_enabled: true, organization_requires_2fa: false, has_passkey: false });
    expect((await new Session(testApp.app).signIn('manager')).json().requires_2fa).toBe(true);
    const off = await setTwoFactor(session, false);
    expect(off.json().two_factor_enabled).toBe(false);
    expect((await new Session(testApp.app).signIn('manager')).json().username).toBe('manager');
    const actions = await testApp.context.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), sql`${auditLog.action} like 'two_factor_%'`));
    expect(actions.map((row) => row.action)).toEqual(['two_factor_on', 'two_factor_off']);
  });

  it('needs the current password', async () => {
    const session = await signedIn(testApp.app, 'admin');
    const wrong = await setTwoFactor(session, true, 'not-the-one');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Current password is incorrect');
    const missing = await session.request({
      method: 'PUT',
      url: '/api/account/two-factor',
      payload: { enabled: true },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Current password is required');
    expect((await session.request({ url: '/api/account/security' })).json().two_factor_enabled).toBe(false);
  });

  it('cannot be turned off while the organization requires it (409)', async () => {
    const { db } = testApp.context.database;
    await db.update(organizations).set({ require2fa: true }).where(eq(organizations.subdomain, 'demo'));
    try {
      const session = await signedInWithCode(testApp, 'partner', 'partner@demo-cpa.example');
      const off = await setTwoFactor(session, false);
      expect(off.statusCode).toBe(409);
      expect(off.json()).toEqual({ error: 'Your organization requires two-factor authentication' });
      expect((await session.request({ url: '/api/account/security' })).json()).toMatchObject({
        two_factor_enabled: true,
        organization_requires_2fa: true,
      });
    } finally {
      await db.update(organizations).set({ require2fa: false }).where(eq(organizations.subdomain, 'demo'));
    }
  });
});

it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
  expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
});
