import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodePayload, unsignedCopy, withEditedClaims } from '../../../test/jwt-parts';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { Session, TEST_SECRET, createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { REFRESH_GRACE_SECONDS } from './sessions';
import { createTokenSigner, type AccessClaims } from './tokens';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const refresh = (session: Session, csrf = session.csrfRefresh) =>
  session.request({ method: 'POST', url: '/refresh', csrf });
const getUser = (session: Session) => session.request({ url: '/user' });

/** A browser that holds only the given cookies. */
function sessionWith(cookies: Record<string, string | undefined>): Session {
  const session = new Session(testApp.app);
  for (const [name, value] of Object.entries(cookies)) session.setCookie(name, value);
  return session;
}

function accessClaimsOf(session: Session): AccessClaims {
  const payload = decodePayload(session.cookie('access_token_cookie')!);
  return {
    userId: Number(payload.sub),
    organizationId: payload.org as number,
    csrf: payload.csrf as string,
    familyId: payload.fam as string,
  };
}

describe('refresh rotation', () => {
  it('answers the user and replaces all four cookies', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const before = ['access_token_cookie', 'refresh_token_cookie', 'csrf_access_token', 'csrf_refresh_token'].map(
      (name) => session.cookie(name),
    );
    const response = await refresh(session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'staff', role_name: 'staff' });
    expect(response.cookies.map((cookie) => cookie.name).sort()).toEqual(
      ['access_token_cookie', 'csrf_access_token', 'csrf_refresh_token', 'refresh_token_cookie'].sort(),
    );
    const after = ['access_token_cookie', 'refresh_token_cookie', 'csrf_access_token', 'csrf_refresh_token'].map(
      (name) => session.cookie(name),
    );
    after.forEach((value, index) => expect(value).not.toBe(before[index]));
    expect((await getUser(session)).statusCode).toBe(200);
  });

  it('keeps rotating: each new refresh token works once', async () => {
    const session = await signedIn(testApp.app, 'staff');
    for (let round = 0; round < 3; round += 1) expect((await refresh(session)).statusCode).toBe(200);
  });
});

/** Moves the server's clock (Date only; the database keeps its own) past the grace period of a rotation. */
function afterTheGrace(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + (REFRESH_GRACE_SECONDS + 1) * 1000);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('refresh token reuse', () => {
  it('answers 401 to a token replayed after the grace period and revokes the whole family', async () => {
    const session = await signedIn(testApp.app, 'manager');
    const stolen = {
      refresh_token_cookie: session.cookie('refresh_token_cookie'),
      csrf_refresh_token: session.csrfRefresh,
    };
    expect((await refresh(session)).statusCode).toBe(200);
    afterTheGrace();

    const replay = await refresh(sessionWith(stolen));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: 'Token has been revoked' });

    const newestAccess = session.cookie('access_token_cookie');
    const newestRefresh = await refresh(session);
    expect(newestRefresh.statusCode).toBe(401);
    const familyAccess = await getUser(sessionWith({ access_token_cookie: newestAccess }));
    expect(familyAccess.statusCode).toBe(401);
    expect(familyAccess.json()).toEqual({ error: 'Token has been revoked' });
  });

  it("leaves the same user's other sessions alone", async () => {
    const victim = await signedIn(testApp.app, 'billing');
    const otherDevice = await signedIn(testApp.app, 'billing');
    const stolen = {
      refresh_token_cookie: victim.cookie('refresh_token_cookie'),
      csrf_refresh_token: victim.csrfRefresh,
    };
    await refresh(victim);
    afterTheGrace();
    expect((await refresh(sessionWith(stolen))).statusCode).toBe(401);
    expect((await getUser(otherDevice)).statusCode).toBe(200);
    expect((await refresh(otherDevice)).statusCode).toBe(200);
  });
});

/**
 * Two tabs (or two calls of a page without Web Locks) refreshing with the same cookie at once:
 * within the grace period the second one gets a pair of the same family, not a revocation.
 */
describe('the same refresh token twice within the grace period', () => {
  it('answers 200 to both of two parallel refreshes, and every new pair keeps working', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const cookies = {
      refresh_token_cookie: session.cookie('refresh_token_cookie'),
      csrf_refresh_token: session.csrfRefresh,
    };
    const tabs = [sessionWith(cookies), sessionWith(cookies)];
    const answers = await Promise.all(tabs.map((tab) => refresh(tab)));
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200]);
    for (const tab of tabs) {
      expect(accessClaimsOf(tab).familyId).toBe(accessClaimsOf(session).familyId);
      expect((await getUser(tab)).statusCode).toBe(200);
    }
    expect((await refresh(tabs[1]!)).statusCode).toBe(200);
    expect((await getUser(tabs[1]!)).statusCode).toBe(200);
  });

  it('answers a late second refresh within the grace period with a pair of the same session', async () => {
    const session = await signedIn(testApp.app, 'billing');
    const late = sessionWith({
      refresh_token_cookie: session.cookie('refresh_token_cookie'),
      csrf_refresh_token: session.csrfRefresh,
    });
    expect((await refresh(session)).statusCode).toBe(200);
    expect((await refresh(late)).statusCode).toBe(200);
    expect((await getUser(session)).statusCode).toBe(200);
    expect((await getUser(late)).statusCode).toBe(200);
  });

  it('still revokes the family once the new token has been used: that is a replay, grace or not', async () => {
    const session = await signedIn(testApp.app, 'readonly');
    const stolen = sessionWith({
      refresh_token_cookie: session.cookie('refresh_token_cookie'),
      csrf_refresh_token: session.csrfRefresh,
    });
    expect((await refresh(session)).statusCode).toBe(200);
    expect((await refresh(session)).statusCode).toBe(200);
    const replay = await refresh(stolen);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: 'Token has been revoked' });
    expect((await getUser(session)).statusCode).toBe(401);
  });

  it('gives nothing after logout', async () => {
    const session = await signedIn(testApp.app, 'admin');
    const kept = sessionWith({
      refresh_token_cookie: session.cookie('refresh_token_cookie'),
      csrf_refresh_token: session.csrfRefresh,
    });
    expect((await refresh(session)).statusCode).toBe(200);
    expect((await session.request({ method: 'DELETE', url: '/logout' })).statusCode).toBe(204);
    expect((await refresh(kept)).statusCode).toBe(401);
  });
});

describe('token types are not interchangeable', () => {
  it('refuses an access token in the refresh cookie with 401', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const swapped = sessionWith({
      refresh_token_cookie: session.cookie('access_token_cookie'),
      csrf_refresh_token: session.csrfAccess,
    });
    const response = await refresh(swapped, session.csrfAccess);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid token' });
  });

  it('refuses a refresh token in the access cookie with 401', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const swapped = sessionWith({ access_token_cookie: session.cookie('refresh_token_cookie') });
    const response = await getUser(swapped);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid token' });
  });
});

describe('forged tokens', () => {
  it('refuses alg none on both tokens', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const access = await getUser(
      sessionWith({ access_token_cookie: unsignedCopy(session.cookie('access_token_cookie')!) }),
    );
    expect(access.statusCode).toBe(401);
    const forgedRefresh = sessionWith({ refresh_token_cookie: unsignedCopy(session.cookie('refresh_token_cookie')!) });
    expect((await refresh(forgedRefresh, session.csrfRefresh)).statusCode).toBe(401);
  });

  it('refuses tokens signed with another key', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const claims = accessClaimsOf(session);
    const stranger = createTokenSigner(`${TEST_SECRET}-but-another-one`);
    const access = await stranger.signAccess(claims);
    expect((await getUser(sessionWith({ access_token_cookie: access }))).statusCode).toBe(401);
    const refreshToken = await stranger.signRefresh({ ...claims, tokenId: crypto.randomUUID() });
    const response = await refresh(sessionWith({ refresh_token_cookie: refreshToken }), claims.csrf);
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token whose claims were edited after signing', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const admin = await signedIn(testApp.app, 'admin');
    const edited = withEditedClaims(session.cookie('access_token_cookie')!, {
      sub: decodePayload(admin.cookie('access_token_cookie')!).sub,
    });
    expect((await getUser(sessionWith({ access_token_cookie: edited }))).statusCode).toBe(401);
  });
});

describe('expired tokens', () => {
  it('answers 401 Token has expired to an expired access token of a live session', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const expired = await testApp.context.tokens.signAccess(accessClaimsOf(session), -10);
    const response = await getUser(sessionWith({ access_token_cookie: expired }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Token has expired' });
  });

  it('answers 401 Token has expired to an expired refresh token and clears the cookies', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const refreshClaims = decodePayload(session.cookie('refresh_token_cookie')!);
    const expired = await testApp.context.tokens.signRefresh(
      { ...accessClaimsOf(session), csrf: session.csrfRefresh!, tokenId: refreshClaims.tid as string },
      -10,
    );
    session.setCookie('refresh_token_cookie', expired);
    const response = await refresh(session);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Token has expired' });
    expect(session.cookie('refresh_token_cookie')).toBeUndefined();
    expect(session.cookie('access_token_cookie')).toBeUndefined();
  });
});

it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
  expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
});
