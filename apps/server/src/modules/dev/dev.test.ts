import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../test/test-app';

const organizationsCall = { url: '/api/dev/organizations' };
const devLogout = (logout_type: string) => ({ method: 'POST' as const, url: '/logout', payload: { logout_type } });

describe('the dev panel calls in development (SPEC 7)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ appEnv: 'development' });
  });
  afterAll(() => testApp.close());

  it('GET /api/dev/organizations lists every organization with its id, name, subdomain and status', async () => {
    const response = await testApp.app.inject(organizationsCall);
    expect(response.statusCode).toBe(200);
    const { organizations } = response.json() as { organizations: Record<string, unknown>[] };
    expect(organizations.map((organization) => organization.subdomain)).toEqual(['demo', 'northwind']);
    expect(organizations[0]).toEqual({
      organization_id: expect.any(Number),
      name: 'Demo CPA',
      subdomain: 'demo',
      status: 'active',
    });
  });

  it('the switcher’s X-Organization-ID names the organization the calls are for', async () => {
    const config = await testApp.app.inject({
      url: '/api/organization/config',
      headers: { 'x-organization-id': 'northwind' },
    });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ name: 'Northwind Accounting', subdomain: 'northwind' });
    // 'main' is no organization: nobody signed in, there is none to answer.
    const main = await testApp.app.inject({
      url: '/api/organization/config',
      headers: { 'x-organization-id': 'main' },
    });
    expect(main.statusCode).toBe(404);
    // A demo user's calls for another firm are refused.
    const staff = await signedIn(testApp.app, 'staff');
    const mismatch = await staff.request({ url: '/user', headers: { 'x-organization-id': 'northwind' } });
    expect(mismatch.statusCode).toBe(403);
    expect((await staff.request({ url: '/user', headers: { 'x-organization-id': 'demo' } })).statusCode).toBe(200);
  });

  it('POST /logout access_only clears the access token: the next call is 401 and a refresh restores it', async () => {
    const staff = await signedIn(testApp.app, 'staff');
    const csrfRefresh = staff.csrfRefresh;
    const response = await staff.request(devLogout('access_only'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, logout_type: 'access_only' });
    expect(staff.cookie('access_token_cookie')).toBeUndefined();
    expect(staff.csrfAccess).toBeUndefined();
    expect(staff.csrfRefresh).toBe(csrfRefresh);
    expect((await staff.request({ url: '/user' })).statusCode).toBe(401);
    expect((await staff.request({ method: 'POST', url: '/refresh', csrf: csrfRefresh })).statusCode).toBe(200);
    expect((await staff.request({ url: '/user' })).statusCode).toBe(200);
  });

  it('POST /logout refresh_only clears the refresh token: the session lasts until the access token ends', async () => {
    const staff = await signedIn(testApp.app, 'staff');
    const response = await staff.request(devLogout('refresh_only'));
    expect(response.statusCode).toBe(200);
    expect(staff.cookie('refresh_token_cookie')).toBeUndefined();
    expect(staff.csrfRefresh).toBeUndefined();
    expect((await staff.request({ url: '/user' })).statusCode).toBe(200);
    expect((await staff.request({ method: 'POST', url: '/refresh', csrf: null })).statusCode).toBe(401);
  });

  it('POST /logout needs a session and a known logout_type', async () => {
    expect((await testApp.app.inject(devLogout('access_only'))).statusCode).toBe(401);
    const staff = await signedIn(testApp.app, 'staff');
    const wrong = await staff.request(devLogout('everything'));
    expect(wrong.statusCode).toBe(400);
    expect(staff.cookie('access_token_cookie')).toBeDefined();
  });
});

describe.each(['production', 'test'] as const)('the dev panel calls with APP_ENV=%s', (appEnv) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ appEnv });
  });
  afterAll(() => testApp.close());

  it('do not exist: 404, and a signed-in session is left alone', async () => {
    expect((await testApp.app.inject(organizationsCall)).statusCode).toBe(404);
    const staff = await signedIn(testApp.app, 'staff');
    expect((await staff.request(organizationsCall)).statusCode).toBe(404);
    const logout = await staff.request(devLogout('access_only'));
    expect(logout.statusCode).toBe(404);
    expect(staff.cookie('access_token_cookie')).toBeDefined();
    expect((await staff.request({ url: '/user' })).statusCode).toBe(200);
  });

  it('X-Organization-ID names nothing', async () => {
    const config = await testApp.app.inject({
      url: '/api/organization/config',
      headers: { 'x-organization-id': 'northwind' },
    });
    expect(config.statusCode).toBe(404);
    const staff = await signedIn(testApp.app, 'staff');
    expect((await staff.request({ url: '/user', headers: { 'x-organization-id': 'northwind' } })).statusCode).toBe(200);
  });
});
