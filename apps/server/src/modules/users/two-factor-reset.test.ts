import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { latestCodeTo, latestMailTo } from '../../../test/outbox';
import { ownerRows } from '../../../test/work-records';
import { auditLog, organizations } from '../../db/schema/index';
import { FIRM_REQUIRES_2FA, OWN_TWO_FACTOR, TWO_FACTOR_ALREADY_OFF } from './two-factor-reset';

const PARTNER_EMAIL = 'partner@demo-cpa.example';

describe('POST /users/{id}/two-factor/reset', () => {
  let testApp: TestApp;
  let admin: Session;
  let idOf: (username: string) => Promise<number>;
  const reset = (session: Session, id: number) =>
    session.request({ method: 'POST', url: `/users/${id}/two-factor/reset`, payload: {} });

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedIn(testApp.app, 'admin');
    idOf = async (username) =>
      (await ownerRows<{ id: number }>(testApp, sql`select id from users where username = ${username}`))[0]!.id;
  });
  afterAll(() => testApp.close());

  it('is refused without can_edit_users (403), for another firm (404) and for oneself (403); nothing changes', async () => {
    const partner = await idOf('partner');
    for (const username of ['readonly', 'manager', 'billing']) {
      const refused = await reset(await signedIn(testApp.app, username), partner);
      expect(refused.statusCode, username).toBe(403);
      expect(refused.json()).toEqual({ error: 'Permission required: can_edit_users' });
    }
    const foreign = await reset(await signedIn(testApp.app, 'nwadmin'), partner);
    expect(foreign.statusCode).toBe(404);
    expect((await reset(admin, 2_000_000_000)).statusCode).toBe(404);
    const own = await reset(admin, await idOf('admin'));
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: OWN_TWO_FACTOR });
    const [row] = await ownerRows<{ on: boolean }>(
      testApp,
      sql`select two_factor_enabled as on from users where username = 'partner'`,
    );
    expect(row!.on).toBe(true);
  });

  it('turns the codes off, voids the sign-in in progress, audits and e-mails the person', async () => {
    const partner = await idOf('partner');
    const pending = new Session(testApp.app);
    expect((await pending.signIn('partner')).json().requires_2fa).toBe(true);
    await pending.request({ url: '/login?action=request_2fa_code&username=partner' });
    const code = await latestCodeTo(testApp.context, PARTNER_EMAIL);

    const answer = await reset(admin, partner);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ two_factor_enabled: false });

    const late = await pending.request({ method: 'POST', url: '/login', payload: { '2fa_code': code }, csrf: null });
    expect(late.statusCode).toBe(401);
    const mail = await latestMailTo(testApp.context, PARTNER_EMAIL);
    expect(mail.subject).toBe('Two-factor sign-in was turned off for your account');
    expect(mail.textBody).toContain('Alice Admin, an administrator at Demo CPA, turned off e-mail verification codes');
    const [audit] = await testApp.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(partner))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      action: 'two_factor_reset',
      before: { two_factor_enabled: true },
      after: { two_factor_enabled: false },
    });

    const fresh = new Session(testApp.app);
    const signedInAgain = await fresh.signIn('partner');
    expect(signedInAgain.statusCode).toBe(200);
    expect(signedInAgain.json().requires_2fa).toBeUndefined();
    expect(fresh.csrfAccess).toBeTruthy();
    const detail = await admin.request({ url: `/users/${partner}` });
    expect(detail.json().two_factor_enabled).toBe(false);

    const again = await reset(admin, partner);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: TWO_FACTOR_ALREADY_OFF });
  });

  it('is refused (409) where the firm requires two-factor sign-in for everyone', async () => {
    const { db } = testApp.context.database;
    await db.execute(sql`update users set two_factor_enabled = true where username = 'staff'`);
    await db.update(organizations).set({ require2fa: true }).where(eq(organizations.subdomain, 'demo'));
    try {
      const refused = await reset(admin, await idOf('staff'));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: FIRM_REQUIRES_2FA });
    } finally {
      await db.update(organizations).set({ require2fa: false }).where(eq(organizations.subdomain, 'demo'));
    }
  });
});
