import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { withTenant } from '../../db/client';
import { organizations, roles, users } from '../../db/schema/index';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { createUser } from '../organizations/organization.service';
import type { PeopleOptions } from './people-options';

const DEMO_PEOPLE = [
  { name: 'Alice Admin', role: 'Administrator' },
  { name: 'Bella Billing', role: 'Billing' },
  { name: 'Maria Manager', role: 'Manager' },
  { name: 'Paul Partner', role: 'Partner' },
  { name: 'Rita Reader', role: 'Read-only' },
  { name: 'Sam Staff', role: 'Staff' },
];

describe('GET /users/options: the firm’s people for pickers', () => {
  let testApp: TestApp;
  let demoId: number;

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.context.database;
    const [demo] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.subdomain, 'demo'));
    demoId = demo!.id;
    // A role of the firm's own without can_view_clients, and a person who has left.
    await withTenant(db, demoId, (tx) =>
      tx
        .insert(roles)
        .values({ organizationId: demoId, name: 'timeonly', displayName: 'Time only', canViewTimeEntries: true }),
    );
    await createUser(db, demoId, {
      username: 'timeonly',
      email: 'timeonly@demo-cpa.example',
      firstName: 'Tim',
      lastName: 'Only',
      password: DEMO_PASSWORD,
      roleName: 'timeonly',
    });
    const gone = await createUser(db, demoId, {
      username: 'departed',
      email: 'departed@demo-cpa.example',
      firstName: 'Dora',
      lastName: 'Departed',
      password: DEMO_PASSWORD,
      roleName: 'manager',
    });
    await withTenant(db, demoId, (tx) =>
      tx
        .update(users)
        .set({ active: false })
        .where(and(eq(users.organizationId, demoId), eq(users.id, gone))),
    );
  });
  afterAll(() => testApp.close());

  async function options(username: string, query = '') {
    const session = await signedIn(testApp.app, username);
    return session.request({ url: `/users/options${query}` });
  }

  it('lists the active people of the caller’s firm by name, with id, name and role only', async () => {
    const response = await options('staff');
    expect(response.statusCode).toBe(200);
    const answer = response.json() as PeopleOptions;
    expect(answer.has_more).toBe(false);
    expect(answer.items.map(({ name, role }) => ({ name, role }))).toEqual([
      ...DEMO_PEOPLE,
      { name: 'Tim Only', role: 'Time only' },
    ]);
    for (const item of answer.items) expect(Object.keys(item).sort()).toEqual(['id', 'name', 'role']);
    expect(response.body).not.toContain('@demo-cpa.example');
  });

  it('narrows by name or username and by role names', async () => {
    const byName = (await options('manager', '?q=PART')).json() as PeopleOptions;
    expect(byName.items.map((item) => item.name)).toEqual(['Paul Partner']);
    const byUsername = (await options('manager', '?q=readonly')).json() as PeopleOptions;
    expect(byUsername.items.map((item) => item.name)).toEqual(['Rita Reader']);
    const byRole = (await options('manager', '?role=partner,%20manager,nosuchrole')).json() as PeopleOptions;
    expect(byRole.items.map((item) => item.name)).toEqual(['Maria Manager', 'Paul Partner']);
    const wildcard = (await options('manager', '?q=%25')).json() as PeopleOptions;
    expect(wildcard.items).toEqual([]);
  });

  it('is bounded: a page of at most 50, with has_more when more match', async () => {
    const page = (await options('admin', '?page_size=2')).json() as PeopleOptions;
    expect(page.items.map((item) => item.name)).toEqual(['Alice Admin', 'Bella Billing']);
    expect(page.has_more).toBe(true);
    const tooMany = await options('admin', '?page_size=51');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: expect.stringContaining('Page size must be at most 50') });
    const roleList = Array.from({ length: 11 }, (_, index) => `role${index}`).join(',');
    expect((await options('admin', `?role=${roleList}`)).statusCode).toBe(400);
    expect((await options('admin', `?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 without can_view_clients', async () => {
    expect((await new Session(testApp.app).request({ url: '/users/options' })).statusCode).toBe(401);
    const denied = await options('timeonly');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'Permission required: can_view_clients' });
  });

  it('never shows another firm’s people, whatever the request names', async () => {
    const northwind = (await options('nwadmin')).json() as PeopleOptions;
    expect(northwind.items.map(({ name, role }) => ({ name, role }))).toEqual([
      { name: 'Ned Wind', role: 'Staff' },
      { name: 'Nora West', role: 'Administrator' },
    ]);
    const searched = (await options('nwadmin', '?q=Paul')).json() as PeopleOptions;
    expect(searched.items).toEqual([]);
    const session = await signedIn(testApp.app, 'nwadmin');
    const foreignHost = await session.request({ url: '/users/options', headers: { host: 'demo.example.com' } });
    expect(foreignHost.statusCode).toBe(403);
  });
});
