import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { createOrganization, createUser } from '../organizations/organization.service';

type Message = { to: string; subject: string; text: string };

describe('GET /demo/outbox on a demo server without SMTP_URL', () => {
  let testApp: TestApp;
  let admin: Session;

  beforeAll(async () => {
    testApp = await createTestApp({ appEnv: 'production', seedDemo: true, smtpUrl: undefined });
    admin = await signedIn(testApp.app, 'admin');
  });
  afterAll(() => testApp.close());

  it("shows the demo firm's administrator the partner's code, newest first, and nothing of another firm", async () => {
    const partner = new Session(testApp.app);
    expect((await partner.signIn('partner')).json().requires_2fa).toBe(true);
    await partner.request({ url: '/login?action=request_2fa_code&username=partner' });
    const northwind = new Session(testApp.app);
    await northwind.request({
      method: 'POST',
      url: '/reset_password/send',
      payload: { email: 'nwstaff@northwind.example' },
      csrf: null,
    });

    const answer = await admin.request({ url: '/demo/outbox' });
    expect(answer.statusCode).toBe(200);
    const messages = answer.json<{ messages: Message[] }>().messages;
    expect(messages[0]).toMatchObject({ to: 'partner@demo-cpa.example', subject: 'Your verification code' });
    const code = /is: (\d{8})/.exec(messages[0]!.text)?.[1];
    expect(code).toMatch(/^\d{8}$/);
    expect(messages.some((message) => message.to.endsWith('@northwind.example'))).toBe(false);

    const done = await partner.request({ method: 'POST', url: '/login', payload: { '2fa_code': code }, csrf: null });
    expect(done.statusCode).toBe(200);
  });

  it('is for the administrator alone (403 to others)', async () => {
    for (const username of ['manager', 'billing', 'readonly']) {
      const refused = await (await signedIn(testApp.app, username)).request({ url: '/demo/outbox' });
      expect(refused.statusCode, username).toBe(403);
      expect(refused.json()).toEqual({ error: 'Permission required: all' });
    }
  });

  it("answers 404 to a real firm's administrator on the same server", async () => {
    const { db } = testApp.context.database;
    const organizationId = await createOrganization(db, { name: 'Real Firm', subdomain: 'realfirm' });
    await createUser(db, organizationId, {
      username: 'realowner',
      email: 'owner@realfirm.example',
      password: DEMO_PASSWORD,
      roleName: 'admin',
    });
    const refused = await (await signedIn(testApp.app, 'realowner')).request({ url: '/demo/outbox' });
    expect(refused.statusCode).toBe(404);
  });
});

describe('GET /demo/outbox elsewhere', () => {
  it('does not exist with SMTP_URL set, nor on a server without the demo', async () => {
    for (const overrides of [
      { appEnv: 'production' as const, seedDemo: true, smtpUrl: 'smtp://127.0.0.1:1' },
      { appEnv: 'development' as const, seedDemo: true, smtpUrl: 'smtp://127.0.0.1:1' },
      { appEnv: 'production' as const, seedDemo: false, smtpUrl: undefined },
    ]) {
      const testApp = await createTestApp(overrides);
      try {
        const answer = await (await signedIn(testApp.app, 'admin')).request({ url: '/demo/outbox' });
        expect(answer.statusCode, JSON.stringify(overrides)).toBe(404);
        const paths = Object.keys((await testApp.app.inject({ url: '/api/docs/json' })).json().paths);
        expect(paths).not.toContain('/demo/outbox');
      } finally {
        await testApp.close();
      }
    }
  });
});
