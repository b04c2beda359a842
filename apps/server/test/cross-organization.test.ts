import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, createTestApp, signedIn, type TestApp } from './test-app';

const WRONG_PASSWORD = { status: 401, body: { error: 'Invalid username or password' } };
const MISMATCH = { error: 'This account does not belong to this organization' };

async function signInAnswer(testApp: TestApp, username: string, headers: Record<string, string>, password?: string) {
  const response = await new Session(testApp.app).signIn(username, password, headers);
  return { status: response.statusCode, body: response.json() as unknown, cookies: response.cookies };
}

describe('signing in at another organization (production rules)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("gets exactly the wrong-password answer at another firm's host, and no cookies", async () => {
    const foreign = await signInAnswer(testApp, 'nwstaff', { host: 'demo.example.com' });
    const wrongPassword = await signInAnswer(testApp, 'nwstaff', { host: 'northwind.example.com' }, 'not-the-one');
    expect({ status: foreign.status, body: foreign.body }).toEqual(WRONG_PASSWORD);
    expect({ status: wrongPassword.status, body: wrongPassword.body }).toEqual(WRONG_PASSWORD);
    expect(foreign.cookies).toEqual([]);
  });

  it("gets the wrong-password answer when the calling page's Origin names another firm", async () => {
    const answer = await signInAnswer(testApp, 'nwstaff', {
      host: 'localhost:5050',
      origin: 'http://demo.example.com:3000',
    });
    expect({ status: answer.status, body: answer.body }).toEqual(WRONG_PASSWORD);
  });

  it('gets the wrong-password answer at a subdomain that names no organization', async () => {
    const answer = await signInAnswer(testApp, 'staff', { host: 'nosuchfirm.example.com' });
    expect({ status: answer.status, body: answer.body }).toEqual(WRONG_PASSWORD);
  });

  it('signs in at his own firm by host or by Origin, and on a host that names none', async () => {
    expect((await signInAnswer(testApp, 'nwstaff', { host: 'northwind.example.com' })).status).toBe(200);
    const byOrigin = await signInAnswer(testApp, 'nwstaff', {
      host: 'localhost:5050',
      origin: 'http://northwind.example.com:3000',
    });
    expect(byOrigin.status).toBe(200);
    expect((await signInAnswer(testApp, 'nwadmin', { host: 'localhost:5050' })).status).toBe(200);
  });

  it('ignores X-Organization-ID outside development', async () => {
    const answer = await signInAnswer(testApp, 'nwadmin', { host: 'localhost:5050', 'x-organization-id': 'demo' });
    expect(answer.status).toBe(200);
    const session = await signedIn(testApp.app, 'staff');
    const user = await session.request({ url: '/user', headers: { 'x-organization-id': 'northwind' } });
    expect(user.statusCode).toBe(200);
  });
});

describe('signed-in calls naming another organization', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("answers 403 to GET /user at another firm's host", async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request({ url: '/user', headers: { host: 'northwind.example.com' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(MISMATCH);
  });

  it("answers 403 when the calling page's Origin names another firm", async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request({ url: '/user', headers: { origin: 'http://northwind.example.com:3000' } });
    expect(response.statusCode).toBe(403);
  });

  it('answers 403 at an unknown subdomain', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request({ url: '/user', headers: { host: 'nosuchfirm.example.com' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(MISMATCH);
  });

  it("refuses POST /refresh at another firm's host with 403, and the refresh token stays unspent", async () => {
    const session = await signedIn(testApp.app, 'staff');
    const foreign = await session.request({
      method: 'POST',
      url: '/refresh',
      csrf: session.csrfRefresh,
      headers: { host: 'northwind.example.com' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(MISMATCH);
    expect(foreign.cookies).toEqual([]);
    const unknown = await session.request({
      method: 'POST',
      url: '/refresh',
      csrf: session.csrfRefresh,
      headers: { origin: 'http://nosuchfirm.example.com:3000' },
    });
    expect(unknown.statusCode).toBe(403);
    const own = await session.request({
      method: 'POST',
      url: '/refresh',
      csrf: session.csrfRefresh,
      headers: { host: 'demo.example.com' },
    });
    expect(own.statusCode).toBe(200);
  });

  it("answers at the user's own host, and where no organization is named", async () => {
    const session = await signedIn(testApp.app, 'staff');
    expect((await session.request({ url: '/user', headers: { host: 'demo.example.com' } })).statusCode).toBe(200);
    expect((await session.request({ url: '/user', headers: { host: 'www.example.com' } })).statusCode).toBe(200);
    expect((await session.request({ url: '/user', headers: { host: '127.0.0.1:5050' } })).statusCode).toBe(200);
  });
});

describe('X-Organization-ID in development', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ appEnv: 'development' });
  });
  afterAll(() => testApp.close());

  it("refuses sign-in for another firm's header with the wrong-password answer", async () => {
    const answer = await signInAnswer(testApp, 'nwstaff', { host: 'localhost:5050', 'x-organization-id': 'demo' });
    expect({ status: answer.status, body: answer.body }).toEqual(WRONG_PASSWORD);
    const own = await signInAnswer(testApp, 'nwstaff', { host: 'localhost:5050', 'x-organization-id': 'northwind' });
    expect(own.status).toBe(200);
  });

  it("answers 403 to a signed-in call with another firm's header, and 'main' names none", async () => {
    const session = await signedIn(testApp.app, 'staff');
    const foreign = await session.request({ url: '/user', headers: { 'x-organization-id': 'northwind' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(MISMATCH);
    const main = await session.request({ url: '/user', headers: { 'x-organization-id': 'main' } });
    expect(main.statusCode).toBe(200);
  });

  it('lets the host win over the header', async () => {
    const session = await signedIn(testApp.app, 'staff');
    const response = await session.request({
      url: '/user',
      headers: { host: 'demo.example.com', 'x-organization-id': 'northwind' },
    });
    expect(response.statusCode).toBe(200);
  });
});
