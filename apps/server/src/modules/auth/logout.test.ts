import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePayload } from '../../../test/jwt-parts';
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
    const response = await replay(access).request({ method: 'DELETE', url: '/logout', csrf: session.csrfAccess });
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

/** SECURITY.md: every state-changing call needs X-CSRF-TOKEN equal to a claim of the session's own tokens. */
describe('DELETE /logout and CSRF', () => {
  async function stillSignedIn(session: Session): Promise<void> {
    expect((await session.request({ url: '/user' })).statusCode).toBe(200);
  }

  it('answers 403 without the header and the session goes on', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request({ method: 'DELETE', url: '/logout', csrf: null });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'CSRF token missing or incorrect' });
    expect(response.cookies).toEqual([]);
    await stillSignedIn(session);
  });

  it('answers 403 to a wrong value, or a cookie value planted next to the real tokens', async () => {
    const session = await signedIn(testApp.app, 'staff');
    for (const csrf of ['wrong-value', 'x'.repeat(32)]) {
      const response = await session.request({ method: 'DELETE', url: '/logout', csrf });
      expect(response.statusCode).toBe(403);
    }
    await stillSignedIn(session);
  });

  it('takes the refresh CSRF value, so logout works once the access token has expired', async () => {
    const session = await signedIn(testApp.app, 'billing');
    const payload = decodePayload(session.cookie('access_token_cookie')!);
    const expiredAccess = await testApp.context.tokens.signAccess(
      {
        userId: Number(payload.sub),
        organizationId: payload.org as number,
        csrf: payload.csrf as string,
        familyId: payload.fam as string,
      },
      -10,
    );
    const afterExpiry = replay({
      access_token_cookie: expiredAccess,
      refresh_token_cookie: session.cookie('refresh_token_cookie'),
      csrf_refresh_token: session.csrfRefresh,
    });
    const refused = await afterExpiry.request({ method: 'DELETE', url: '/logout', csrf: session.csrfAccess });
    expect(refused.statusCode).toBe(403);
    const response = await afterExpiry.request({ method: 'DELETE', url: '/logout', csrf: session.csrfRefresh });
    expect(response.statusCode).toBe(204);
    expect((await session.request({ url: '/user' })).statusCode).toBe(401);
  });

  it('takes the refresh CSRF value with a live access token too', async () => {
    const session = await signedIn(testApp.app, 'manager');
    const kept = session.cookie('access_token_cookie');
    const response = await session.request({ method: 'DELETE', url: '/logout', csrf: session.csrfRefresh });
    expect(response.statusCode).toBe(204);
    expect((await replay({ access_token_cookie: kept }).request({ url: '/user' })).statusCode).toBe(401);
  });
});
