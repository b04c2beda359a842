import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, createTestApp, type TestApp } from '../../../test/test-app';

const CSRF_REFUSED = { error: 'CSRF token missing or incorrect' };

let testApp: TestApp;
beforeAll(async () => {
  // The development POST /logout is the state-changing call every signed-in user may make.
  testApp = await createTestApp({ appEnv: 'development' });
});
afterAll(() => testApp.close());

const devLogout = { method: 'POST' as const, url: '/logout', payload: { logout_type: 'access_only' } };

describe('X-CSRF-TOKEN on state-changing calls', () => {
  it('refuses a call without the header with 403 and changes nothing', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request({ ...devLogout, csrf: null });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REFUSED);
    expect(response.cookies).toEqual([]);
    expect((await session.request({ url: '/user' })).statusCode).toBe(200);
  });

  it('refuses a wrong value with 403', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request({ ...devLogout, csrf: `${session.csrfAccess}x` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REFUSED);
  });

  it('refuses the refresh CSRF value in place of the access one', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request({ ...devLogout, csrf: session.csrfRefresh });
    expect(response.statusCode).toBe(403);
  });

  it('accepts the value the page reads from csrf_access_token', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request(devLogout);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, logout_type: 'access_only' });
  });

  it('refuses a planted csrf_access_token cookie echoed in the header: the token claim decides', async () => {
    const session = await signedIn(testApp.app, 'staff');
    session.setCookie('csrf_access_token', 'planted-by-a-sibling-subdomain');
    const response = await session.request(devLogout);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REFUSED);
  });

  it('checks CSRF before reading the body, so a bad body does not reveal the route', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request({ ...devLogout, payload: { logout_type: 'nonsense' }, csrf: 'wrong' });
    expect(response.statusCode).toBe(403);
  });

  it('needs no header on GET', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request({ url: '/user', headers: { 'x-csrf-token': 'anything' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('the refresh CSRF header on POST /refresh', () => {
  it('answers 403 when it is missing, and the refresh token stays usable', async () => {
    const session = await signedIn(testApp.app, 'billing');
    const missing = await session.request({ method: 'POST', url: '/refresh', csrf: null });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual(CSRF_REFUSED);
    const right = await session.request({ method: 'POST', url: '/refresh', csrf: session.csrfRefresh });
    expect(right.statusCode).toBe(200);
  });

  it('answers 403 for a wrong value and for the access CSRF value', async () => {
    const session = await signedIn(testApp.app, 'billing');
    for (const csrf of ['wrong-value', session.csrfAccess]) {
      const response = await session.request({ method: 'POST', url: '/refresh', csrf });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(CSRF_REFUSED);
    }
  });

  it('refuses a planted csrf_refresh_token cookie echoed in the header', async () => {
    const session = await signedIn(testApp.app, 'billing');
    session.setCookie('csrf_refresh_token', 'planted');
    const response = await session.request({ method: 'POST', url: '/refresh', csrf: 'planted' });
    expect(response.statusCode).toBe(403);
  });
});
