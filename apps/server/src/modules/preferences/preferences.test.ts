import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../../test/outbox';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { Session, createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../db/schema/index';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import type { AuditRow } from '../audit/audit-trail';
import { INVALID_EMAIL_LINK } from './profile.service';

describe('His own preferences and profile, and the audit trail viewer', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('keeps preferences per user: merged keys, the whole object answered, unknown keys refused', async () => {
    const staff = await signedIn(testApp.app, 'staff');
    const manager = await signedIn(testApp.app, 'manager');
    expect((await staff.request({ url: '/api/user/preferences' })).json()).toEqual({});
    const first = await staff.request({
      method: 'PUT',
      url: '/api/user/preferences',
      payload: { formattedDates: 'true', sidebarOrder: ['/clients/manage', '/profile'] },
    });
    expect(first.statusCode).toBe(200);
    const second = await staff.request({
      method: 'PUT',
      url: '/api/user/preferences',
      payload: { notifsMode: 'quiet' },
    });
    expect(second.json()).toEqual({
      formattedDates: 'true',
      notifsMode: 'quiet',
      sidebarOrder: ['/clients/manage', '/profile'],
    });
    expect((await manager.request({ url: '/api/user/preferences' })).json()).toEqual({});
    for (const payload of [
      { theme: 'dark' },
      { formattedDates: true },
      { sidebarOrder: Array.from({ length: 21 }, (_, index) => `/item${index}`) },
      { sidebarOrder: ['javascript:alert(1)'] },
    ]) {
      const bad = await staff.request({ method: 'PUT', url: '/api/user/preferences', payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await staff.request({ url: '/api/user/preferences' })).json()).toMatchObject({ notifsMode: 'quiet' });
    expect((await new Session(testApp.app).request({ url: '/api/user/preferences' })).statusCode).toBe(401);
    // Each change is audited with the keys it changed; saving the same value again is no change.
    const unchanged = await staff.request({
      method: 'PUT',
      url: '/api/user/preferences',
      payload: { notifsMode: 'quiet' },
    });
    expect(unchanged.statusCode).toBe(200);
    const staffId = ((await staff.request({ url: '/user' })).json() as { id: number }).id;
    const audits = await testApp.context.database.db
      .select({ userId: auditLog.userId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'user'),
          eq(auditLog.entityId, String(staffId)),
          eq(auditLog.action, 'update_preferences'),
        ),
      )
      .orderBy(asc(auditLog.id));
    expect(audits).toEqual([
      {
        userId: staffId,
        before: { formattedDates: null, sidebarOrder: null },
        after: { formattedDates: 'true', sidebarOrder: ['/clients/manage', '/profile'] },
      },
      { userId: staffId, before: { notifsMode: null }, after: { notifsMode: 'quiet' } },
    ]);
  });

  it('edits his names at once; a new e-mail waits for the link sent to it and needs his password', async () => {
    const staff = await signedIn(testApp.app, 'staff');
    const profile = (await staff.request({ url: '/user/profile' })).json();
    const renamed = await staff.request({
      method: 'PUT',
      url: '/user/profile',
      payload: { ...profile, first_name: 'Samuel' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await staff.request({ url: '/user' })).json()).toMatchObject({ first_name: 'Samuel' });
    const noPassword = await staff.request({
      method: 'PUT',
      url: '/user/profile',
      payload: { first_name: 'Samuel', last_name: profile.last_name, email: 'sam.new@demo-cpa.example' },
    });
    expect(noPassword.statusCode).toBe(400);
    const wrongPassword = await staff.request({
      method: 'PUT',
      url: '/user/profile',
      payload: {
        first_name: 'Sammy',
        last_name: profile.last_name,
        email: 'sam.new@demo-cpa.example',
        current_password: 'not-his-password',
      },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ details: { current_password: 'Current password is incorrect' } });
    // Refused whole: neither the name nor a waiting address was written.
    expect((await staff.request({ url: '/user/profile' })).json()).toMatchObject({
      first_name: 'Samuel',
      pending_email: null,
    });
    const asked = await staff.request({
      method: 'PUT',
      url: '/user/profile',
      payload: {
        first_name: 'Samuel',
        last_name: profile.last_name,
        email: 'sam.new@demo-cpa.example',
        current_password: DEMO_PASSWORD,
      },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ email: profile.email, pending_email: 'sam.new@demo-cpa.example' });
    const mail = await latestMailTo(testApp.context, 'sam.new@demo-cpa.example');
    const link = /(https?:\/\/\S+confirmEmail=\S+)/.exec(mail.textBody!)![1]!;
    const code = new URL(link).searchParams.get('confirmEmail')!;
    // Someone else's session cannot use his code.
    const manager = await signedIn(testApp.app, 'manager');
    const stolen = await manager.request({ method: 'POST', url: '/user/email/confirm', payload: { code } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ error: INVALID_EMAIL_LINK });
    const confirmed = await staff.request({ method: 'POST', url: '/user/email/confirm', payload: { code } });
    expect(confirmed.statusCode).toBe(200);
    expect((await staff.request({ url: '/user' })).json()).toMatchObject({ email: 'sam.new@demo-cpa.example' });
    const staffId = ((await staff.request({ url: '/user' })).json() as { id: number }).id;
    const changes = await testApp.context.database.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(staffId)), eq(auditLog.userId, staffId)))
      .orderBy(asc(auditLog.id));
    expect(changes.filter((row) => row.action !== 'update_preferences')).toEqual([
      {
        action: 'update_profile',
        before: expect.objectContaining({ first_name: 'Sam' }),
        after: expect.objectContaining({ first_name: 'Samuel', pending_email: null }),
      },
      {
        action: 'update_profile',
        before: expect.objectContaining({ pending_email: null }),
        after: expect.objectContaining({ pending_email: 'sam.new@demo-cpa.example' }),
      },
      {
        action: 'change_email',
        before: { email: profile.email },
        after: { email: 'sam.new@demo-cpa.example' },
      },
    ]);
  });

  it('confirms the new address with the link of the latest request, once', async () => {
    const reader = await signedIn(testApp.app, 'readonly');
    const profile = (await reader.request({ url: '/user/profile' })).json();
    await reader.request({
      method: 'PUT',
      url: '/user/profile',
      payload: { ...profile, email: 'rita.new@demo-cpa.example', current_password: DEMO_PASSWORD },
    });
    const mail = await latestMailTo(testApp.context, 'rita.new@demo-cpa.example');
    const code = new URL(/(https?:\/\/\S+confirmEmail=\S+)/.exec(mail.textBody!)![1]!).searchParams.get(
      'confirmEmail',
    )!;
    const confirmed = await reader.request({ method: 'POST', url: '/user/email/confirm', payload: { code } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: 'rita.new@demo-cpa.example', pending_email: null });
    const again = await reader.request({ method: 'POST', url: '/user/email/confirm', payload: { code } });
    expect(again.statusCode).toBe(400);
  });

  it('shows the audit trail to can_view_admin_page only, filtered by entity, person and dates, this firm only', async () => {
    const admin = await signedIn(testApp.app, 'admin');
    const staff = await signedIn(testApp.app, 'staff');
    expect((await staff.request({ url: '/audit-log' })).statusCode).toBe(403);
    const all = (await admin.request({ url: '/audit-log?page_size=100' })).json() as {
      items: AuditRow[];
      total: number;
    };
    expect(all.total).toBeGreaterThan(0);
    const times = all.items.map((row) => row.at);
    expect([...times].sort().reverse()).toEqual(times);
    const samRows = (await admin.request({ url: '/audit-log?entity=user&action=update_profile' })).json() as {
      items: AuditRow[];
    };
    const profileChange = samRows.items.find((row) => row.action === 'update_profile' && row.after !== null)!;
    expect(profileChange.user?.name).toBeTruthy();
    expect(profileChange.before).toMatchObject({ first_name: expect.any(String) });
    const byPerson = (await admin.request({ url: `/audit-log?user_id=${profileChange.user!.id}` })).json() as {
      items: AuditRow[];
    };
    expect(byPerson.items.every((row) => row.user?.id === profileChange.user!.id)).toBe(true);
    const future = (await admin.request({ url: '/audit-log?from=2999-01-01' })).json() as { total: number };
    expect(future.total).toBe(0);
    expect((await admin.request({ url: '/audit-log?from=2026-05-02&to=2026-05-01' })).statusCode).toBe(400);
    expect((await admin.request({ url: '/audit-log?from=yesterday' })).statusCode).toBe(400);
    const nwadmin = await signedIn(testApp.app, 'nwadmin');
    const theirs = (await nwadmin.request({ url: '/audit-log?entity=user&page_size=100' })).json() as {
      items: AuditRow[];
    };
    expect(theirs.items.some((row) => row.entity_id === String(profileChange.entity_id))).toBe(false);
  });
  it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
    expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
  });
});
