import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, Session, signedIn, type TestApp } from '../../../test/test-app';
import { mailOutbox, users, verifications } from '../schema/index';
import { DEMO_ADMIN, seedDemoAdmin } from './demo-admin';

type Page<Item> = { items: Item[]; total: number };
type AuditItem = { action: string; entity: string; user: { name: string } | null; after: Record<string, unknown> };
type TrackerItem = { activity_type: string; created_at: string; user: { username: string }; page_url: string };

describe('the admin pages’ demo data on first start', () => {
  let testApp: TestApp;
  const now = new Date();
  const people = DEMO_ADMIN[0]!.people!;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('is made once: colours for both firms, people and tracker events for Demo CPA', async () => {
    const seeded = await seedDemoAdmin(testApp.context, { now });
    expect(seeded).toEqual([
      {
        subdomain: 'demo',
        people: {
          role: 'Seasonal preparer',
          invited: 'newhire',
          deactivated: 'former',
          trackerEvents: expect.any(Number),
        },
      },
      { subdomain: 'northwind' },
    ]);
    expect(seeded[0]!.people!.trackerEvents).toBeGreaterThan(50);
    expect(await seedDemoAdmin(testApp.context, { now })).toEqual([]);
  });

  it('fills the firm settings: remit-to, footer and the demo colours', async () => {
    const admin = await signedIn(testApp.app, 'admin');
    const settings = (await admin.request({ url: '/api/organization/settings' })).json();
    expect(settings).toMatchObject({ primary_color: '#0f766e', secondary_color: '#475569', version: 2 });
    expect(settings.remit_to).toContain('100 Main Street');
    expect(settings.invoice_footer).toContain('Thank you');
    const nwadmin = await signedIn(testApp.app, 'nwadmin');
    expect((await nwadmin.request({ url: '/api/organization/settings' })).json()).toMatchObject({
      primary_color: '#1e3a8a',
    });
  });

  it('gives Demo CPA a role of its own, held by the invited user, and a deactivated user', async () => {
    const admin = await signedIn(testApp.app, 'admin');
    const roles = (await admin.request({ url: '/roles' })).json<{
      items: { name: string; built_in: boolean; users: number }[];
    }>();
    expect(roles.items.filter((role) => !role.built_in)).toEqual([
      expect.objectContaining({ name: 'Seasonal preparer', users: 1 }),
    ]);
    const inactive = (await admin.request({ url: '/users?active=false' })).json<Page<{ username: string }>>();
    expect(inactive.items.map((user) => user.username)).toEqual(['former']);
    const active = (await admin.request({ url: '/users?active=true&q=newhire' })).json<
      Page<{ username: string; role: { name: string }; last_sign_in_at: string | null }>
    >();
    expect(active.items).toEqual([
      expect.objectContaining({ username: 'newhire', role: expect.objectContaining({ name: 'Seasonal preparer' }) }),
    ]);
    expect(active.items[0]!.last_sign_in_at).toBeNull();
    // Neither can sign in: one has no password yet, the other is deactivated.
    expect((await new Session(testApp.app).signIn('newhire')).statusCode).toBe(401);
    expect((await new Session(testApp.app).signIn('former')).statusCode).toBe(401);
  });

  it('leaves the new hire an open invitation: a set-password link and its e-mail', async () => {
    const { db } = testApp.context.database;
    const [newhire] = await db.select().from(users).where(eq(users.username, people.invited.username));
    const links = await db
      .select()
      .from(verifications)
      .where(and(eq(verifications.userId, newhire!.id), eq(verifications.type, 'password-reset')));
    expect(links).toHaveLength(1);
    expect(links[0]!.usedAt).toBeNull();
    expect(links[0]!.expiresAt.getTime()).toBeGreaterThan(now.getTime());
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, people.invited.email));
    expect(mails).toHaveLength(1);
  });

  it('writes the audit rows of the administrator’s changes', async () => {
    const admin = await signedIn(testApp.app, 'admin');
    const trail = async (entity: string) =>
      (await admin.request({ url: `/audit-log?entity=${entity}` })).json<Page<AuditItem>>().items;
    expect((await trail('organization_settings')).map((row) => row.action)).toEqual(['update']);
    expect(await trail('role')).toEqual([
      expect.objectContaining({ action: 'create', user: expect.objectContaining({ name: 'Alice Admin' }) }),
    ]);
    // The demo users' own creation rows (no actor) come with the firms; these are the administrator's.
    const byAdmin = (await trail('user')).filter((row) => row.user?.name === 'Alice Admin');
    expect(byAdmin.map((row) => [row.action, row.after?.username ?? row.after?.active])).toEqual([
      ['deactivate', false],
      ['create', 'newhire'],
    ]);
  });

  it('logs a week of tracker events of five people, every type, in Demo CPA only', async () => {
    const admin = await signedIn(testApp.app, 'admin');
    const log = (await admin.request({ url: '/api/activity-logs?page_size=100' })).json<Page<TrackerItem>>();
    const seeded = log.total;
    expect(seeded).toBeGreaterThan(50);
    const all: TrackerItem[] = [];
    for (let page = 1; all.length < seeded; page += 1) {
      const next = await admin.request({ url: `/api/activity-logs?page_size=100&page=${page}` });
      all.push(...next.json<Page<TrackerItem>>().items);
    }
    expect(new Set(all.map((item) => item.user.username))).toEqual(new Set(people.tracked));
    expect(new Set(all.map((item) => item.activity_type))).toEqual(
      new Set(['navigation', 'click', 'form_submit', 'api_call', 'system_event', 'scroll']),
    );
    const days = new Set(all.map((item) => item.created_at.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(5);
    expect(all.every((item) => new Date(item.created_at) <= now)).toBe(true);
    expect(all[0]!.page_url).toMatch(/^http:\/\/localhost:3000\//);
    const submits = await admin.request({ url: '/api/activity-logs?activity_type=form_submit' });
    expect(submits.json<Page<TrackerItem>>().items.every((item) => item.user.username === 'staff')).toBe(true);
    const nwadmin = await signedIn(testApp.app, 'nwadmin');
    expect((await nwadmin.request({ url: '/api/activity-logs' })).json<Page<TrackerItem>>().total).toBe(0);
  });
});
