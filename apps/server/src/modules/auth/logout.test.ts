import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, createTestApp, signedIn, type TestApp } from '../../../test/test-app';

const SESSION_COOKIES = ['access_token_cookie', 'csrf_access_token', 'csrf_refresh_token', 'refresh_token_cookie'];

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function replay(cookies: Record<string, string | undefined>): Session {
  const session = new Session(testApp.app);
  for (const [name, value] of Object.entries(cookies)) session.setCookie(name, value);
  return session;
}

describe('DELETE /logout', () => {
  it('answers 204 and clears the four cookies', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request({ method: 'DELETE', url: '/logout' });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[];
    expect(cleared.map((cookie) => cookie.name).sort()).toEqual(SESSION_COOKIES);
    for (const cookie of cleared) {
      expect(cookie.value, cookie.name).toBe('');
      expect(cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now())).toBe(
        true,
      );
    }
    for (const name of SESSION_COOKIES) expect(session.cookie(name)).toBeUndefined();
  });

  it('revokes server-side: the old access and refresh tokens stop working', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const kept = Object.fromEntries(SESSION_COOKIES.map((name) => [name, session.cookie(name)]));
    await session.request({ method: 'DELETE', url: '/logout' });

    const oldAccess = await replay(kept).request({ url: '/user' });
    expect(oldAccess.statusCode).toBe(401);
    expect(oldAccess.json()).toEqual({ error: 'Token has been revoked' });
    const oldRefresh = await replay(kept).request({ method: 'POST', url: '/refresh', csrf: kept.csrf_refresh_token });
    expect(oldRefresh.statusCode).toBe(401);
  });

  it('revokes the session named by the access cookie when the refresh cookie is gone', async () => {
    const session = await signedIn(testApp.app, 'billing');
    const access = { access_token_cookie: session.cookie('access_token_cookie') };
    const response = await replay(access).request({ method: 'DELETE', url: '/logout' });
    expect(response.statusCode).toBe(204);
    const oldAccess = await replay(access).request({ url: '/user' });
    expect(oldAccess.statusCode).toBe(401);
    expect(oldAccess.json()).toEqual({ error: 'Token has been revoked' });
  });

  it("ends only this session, not the user's other ones", async () => {
    const leaving = await signedIn(testApp.app, 'manager');
    const staying = await signedIn(testApp.app, 'manager');
    await leaving.request({ method: 'DELETE', url: '/logout' });
    expect((await staying.request({ url: '/user' })).statusCode).toBe(200);
  });

  it('answers 204 without any session too', async () => {
    const response = await new Session(testApp.app).request({ method: 'DELETE', url: '/logout' });
    expect(response.statusCode).toBe(204);
  });
});
