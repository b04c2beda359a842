import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../test/test-app';

const CONFIG = '/api/organization/config';

describe('GET /api/organization/config (SPEC 7), the one call the page makes for its firm', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ appEnv: 'production' });
  });
  afterAll(() => testApp.close());

  it('answers the organization the host names, to anybody: it shows before sign-in', async () => {
    const response = await testApp.app.inject({ url: CONFIG, headers: { host: 'northwind.example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      organization_id: expect.any(Number),
      name: 'Northwind Accounting',
      subdomain: 'northwind',
      status: 'active',
      time_zone: expect.any(String),
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      now: expect.any(String),
      branding: { primaryColor: expect.stringMatching(/^#[0-9a-f]{6}$/i), secondaryColor: expect.any(String) },
      logo_url: null,
    });
  });

  it('on a host that names none, answers the signed-in user his own firm', async () => {
    const staff = await signedIn(testApp.app, 'staff');
    const own = await staff.request({ url: CONFIG });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ name: 'Demo CPA', subdomain: 'demo' });
    const other = await signedIn(testApp.app, 'nwstaff');
    expect((await other.request({ url: CONFIG })).json()).toMatchObject({ subdomain: 'northwind' });
  });

  it('on a host that names none, without a session, is 404; with a dead session, 401 so the page refreshes', async () => {
    const anonymous = await testApp.app.inject({ url: CONFIG });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual({ error: 'Organization not found' });
    const forged = await testApp.app.inject({ url: CONFIG, cookies: { access_token_cookie: 'not-a-token' } });
    expect(forged.statusCode).toBe(401);
  });

  it('an unknown subdomain is 404, signed in or not', async () => {
    const unknown = await testApp.app.inject({ url: CONFIG, headers: { host: 'nosuchfirm.example.com' } });
    expect(unknown.statusCode).toBe(404);
    const staff = await signedIn(testApp.app, 'staff');
    expect((await staff.request({ url: CONFIG, headers: { host: 'nosuchfirm.example.com' } })).statusCode).toBe(404);
  });

  it('the former signed-in branding call is gone: the shell reads this one', async () => {
    const staff = await signedIn(testApp.app, 'staff');
    expect((await staff.request({ url: '/api/organization/branding' })).statusCode).toBe(404);
  });
});
