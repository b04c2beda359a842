import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { decodePayload } from '../../../test/jwt-parts';
import { Session, createTestApp, type TestApp } from '../../../test/test-app';
import { KNOWN_DEVICE_COOKIE } from './known-device';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from './tokens';

type SetCookie = {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  maxAge?: number;
};

function cookiesOf(response: LightMyRequestResponse): Record<string, SetCookie> {
  return Object.fromEntries((response.cookies as SetCookie[]).map((cookie) => [cookie.name, cookie]));
}

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('session cookies on sign-in', () => {
  let cookies: Record<string, SetCookie>;
  beforeAll(async () => {
    const response = await new Session(testApp.app).signIn('staff');
    expect(response.statusCode).toBe(200);
    cookies = cookiesOf(response);
  });

  it('keeps both tokens away from scripts and lets the page read both CSRF values', () => {
    expect(cookies.access_token_cookie?.httpOnly).toBe(true);
    expect(cookies.refresh_token_cookie?.httpOnly).toBe(true);
    expect(cookies.csrf_access_token?.httpOnly).not.toBe(true);
    expect(cookies.csrf_refresh_token?.httpOnly).not.toBe(true);
  });

  it('sends all four cookies SameSite=Lax on path / with the token lifetimes, and the known-device cookie', () => {
    const names = ['access_token_cookie', 'refresh_token_cookie', 'csrf_access_token', 'csrf_refresh_token'];
    expect(Object.keys(cookies).sort()).toEqual([...names, KNOWN_DEVICE_COOKIE].sort());
    for (const name of names) {
      expect(cookies[name]?.sameSite, name).toBe('Lax');
      expect(cookies[name]?.path, name).toBe('/');
    }
    expect(cookies.access_token_cookie?.maxAge).toBe(ACCESS_TOKEN_SECONDS);
    expect(cookies.csrf_access_token?.maxAge).toBe(ACCESS_TOKEN_SECONDS);
    expect(cookies.refresh_token_cookie?.maxAge).toBe(REFRESH_TOKEN_SECONDS);
    expect(cookies.csrf_refresh_token?.maxAge).toBe(REFRESH_TOKEN_SECONDS);
  });

  it('omits Secure when the app is not served over HTTPS', () => {
    for (const cookie of Object.values(cookies)) expect(cookie.secure, cookie.name).not.toBe(true);
  });

  it('carries each CSRF value as a claim inside its signed token', () => {
    const access = decodePayload(cookies.access_token_cookie!.value);
    const refresh = decodePayload(cookies.refresh_token_cookie!.value);
    expect(access.csrf).toBe(cookies.csrf_access_token?.value);
    expect(refresh.csrf).toBe(cookies.csrf_refresh_token?.value);
    expect(access.typ).toBe('access');
    expect(refresh.typ).toBe('refresh');
    expect(cookies.csrf_access_token?.value).not.toBe(cookies.csrf_refresh_token?.value);
    expect(cookies.csrf_access_token?.value.length).toBeGreaterThanOrEqual(32);
  });
});

describe('session cookies behind HTTPS', () => {
  it('marks every cookie Secure, on sign-in and on refresh', async () => {
    const app = await buildApp({ ...testApp.context, secureCookies: true });
    try {
      const session = new Session(app);
      const signIn = await session.signIn('billing');
      expect(signIn.statusCode).toBe(200);
      const refresh = await session.request({ method: 'POST', url: '/refresh', csrf: session.csrfRefresh });
      expect(refresh.statusCode).toBe(200);
      // A sign-in also marks the browser as known (ADR 0206); a refresh does not.
      for (const [response, count] of [
        [signIn, 5],
        [refresh, 4],
      ] as const) {
        const cookies = Object.values(cookiesOf(response));
        expect(cookies).toHaveLength(count);
        for (const cookie of cookies) {
          expect(cookie.secure, cookie.name).toBe(true);
          expect(cookie.sameSite, cookie.name).toBe('Lax');
        }
      }
    } finally {
      await app.close();
    }
  });
});

describe('session cookies on refresh', () => {
  it('sets the same flags again, with CSRF values matching the new tokens', async () => {
    const session = new Session(testApp.app);
    await session.signIn('manager');
    const response = await session.request({ method: 'POST', url: '/refresh', csrf: session.csrfRefresh });
    expect(response.statusCode).toBe(200);
    const cookies = cookiesOf(response);
    expect(cookies.access_token_cookie?.httpOnly).toBe(true);
    expect(cookies.refresh_token_cookie?.httpOnly).toBe(true);
    expect(cookies.csrf_access_token?.httpOnly).not.toBe(true);
    expect(decodePayload(cookies.access_token_cookie!.value).csrf).toBe(cookies.csrf_access_token?.value);
    expect(decodePayload(cookies.refresh_token_cookie!.value).csrf).toBe(cookies.csrf_refresh_token?.value);
  });
});
