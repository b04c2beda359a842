import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, createTestApp, signedIn, type TestApp } from '../../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('POST /login', () => {
  it('answers the SPEC 3 user object and sets the four cookies', async () => {
    const session = new Session(testApp.app);
    const response = await session.signIn('admin');
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({ username: 'admin', role: { name: 'Administrator' }, role_name: 'admin' });
    expect(user.full_role.all).toBe(true);
    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cookies.access_token_cookie?.httpOnly).toBe(true);
    expect(cookies.refresh_token_cookie?.httpOnly).toBe(true);
    expect(cookies.csrf_access_token?.httpOnly).toBeFalsy();
    expect(cookies.csrf_refresh_token?.httpOnly).toBeFalsy();
    expect(cookies.access_token_cookie?.sameSite).toBe('Lax');
  });

  it('refuses a wrong password with 401', async () => {
    const response = await new Session(testApp.app).signIn('staff', 'wrong-pass');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid username or password' });
  });
});

describe('GET /user', () => {
  it('answers the signed-in user', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request({ url: '/user' });
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe('staff');
  });
});
