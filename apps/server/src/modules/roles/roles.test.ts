import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { auditLog, roles, users } from '../../db/schema/index';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { createUser } from '../organizations/organization.service';
import type { UserView } from '../users/user-admin-view';
import { LAST_ALL_ROLE, ROLE_IN_USE, roleChangedMessage, type RoleView } from './roles.service';

describe('Roles: /roles with the all flag', () => {
  let testApp: TestApp;
  let admin: Session;
  let demoId: number;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedIn(testApp.app, 'admin');
    demoId = (await admin.request({ url: '/user' })).json().organization_id as number;
  });
  afterAll(() => testApp.close());

  const listed = async (session = admin) =>
    ((await session.request({ url: '/roles' })).json() as { items: RoleView[] }).items;

  it('lists the built-in roles with their flags and holders', async () => {
    const items = await listed();
    expect(items.map((role) => role.name)).toEqual([
      'Administrator',
      'Partner',
      'Manager',
      'Staff',
      'Billing',
      'Read-only',
    ]);
    const administrator = items[0]!;
    expect(administrator).toMatchObject({ built_in: true, users: 1, permissions: { all: true } });
    expect(items[3]!.permissions).toMatchObject({ can_view_clients: true, can_edit_clients: false });
  });

  it('answers 403 without the all flag, also to a user who may view users', async () => {
    for (const username of ['manager', 'staff', 'readonly']) {
      const session = await signedIn(testApp.app, username);
      expect((await session.request({ url: '/roles' })).statusCode).toBe(403);
      const post = await session.request({ method: 'POST', url: '/roles', payload: { name: 'X', permissions: {} } });
      expect(post.statusCode).toBe(403);
      expect((await session.request({ method: 'DELETE', url: '/roles/1' })).statusCode).toBe(403);
    }
  });

  it('a role change reaches a signed-in holder on his next call, without a new sign-in', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/roles',
      payload: { name: 'Clients clerk', permissions: { can_view_clients: true, can_view_time_entries: true } },
    });
    expect(created.statusCode).toBe(201);
    const role = created.json() as RoleView;
    await createUser(testApp.context.database.db, demoId, {
      username: 'clerk001',
      email: 'clerk001@demo-cpa.example',
      password: DEMO_PASSWORD,
      roleName: role.key,
    });
    const clerk = await signedIn(testApp.app, 'clerk001');
    expect((await clerk.request({ url: '/clients' })).statusCode).toBe(200);
    const changed = await admin.request({
      method: 'PUT',
      url: `/roles/${role.id}`,
      payload: { name: 'Time clerk', permissions: { can_view_time_entries: true }, version: role.version },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Time clerk', permissions: { can_view_clients: false } });
    expect((await clerk.request({ url: '/clients' })).statusCode).toBe(403);
    expect((await clerk.request({ url: '/user' })).json()).toMatchObject({
      full_role: { can_view_clients: false, can_view_time_entries: true },
    });
    const stale = await admin.request({
      method: 'PUT',
      url: `/roles/${role.id}`,
      payload: { name: 'Again', permissions: {}, version: role.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: roleChangedMessage('Time clerk') });
    expect((await listed()).find((item) => item.id === role.id)).toMatchObject({ name: 'Time clerk' });
    // In use: not deletable.
    const inUse = await admin.request({ method: 'DELETE', url: `/roles/${role.id}` });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ error: ROLE_IN_USE });
    const [audit] = await testApp.context.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.organizationId, demoId), eq(auditLog.entity, 'role'), eq(auditLog.entityId, String(role.id))),
      )
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ action: 'update' });
    expect(audit!.before).toMatchObject({ name: 'Clients clerk', permissions: { can_view_clients: true } });
    expect(audit!.after).toMatchObject({ name: 'Time clerk', permissions: { can_view_clients: false } });
  });

  it('refuses a duplicate name, unknown flags, another firm’s role (404) and losing the last all (409)', async () => {
    const duplicate = await admin.request({
      method: 'POST',
      url: '/roles',
      payload: { name: 'staff', permissions: {} },
    });
    expect(duplicate.statusCode).toBe(409);
    const unknown = await admin.request({
      method: 'POST',
      url: '/roles',
      payload: { name: 'Odd', permissions: { can_fly: true } },
    });
    expect(unknown.statusCode).toBe(400);
    const nwadmin = await signedIn(testApp.app, 'nwadmin');
    const foreign = (await listed(nwadmin))[0]!;
    expect(
      (await admin.request({ method: 'PUT', url: `/roles/${foreign.id}`, payload: { name: 'Mine', permissions: {} } }))
        .statusCode,
    ).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `/roles/${foreign.id}` })).statusCode).toBe(404);
    expect((await listed(nwadmin))[0]!.name).toBe(foreign.name);
    const administrator = (await listed()).find((role) => role.permissions.all)!;
    const lose = await admin.request({
      method: 'PUT',
      url: `/roles/${administrator.id}`,
      payload: { name: 'Administrator', permissions: {} },
    });
    expect(lose.statusCode).toBe(409);
    expect(lose.json()).toEqual({ error: LAST_ALL_ROLE });
  });

  it('two saves of one role from the same version at once: one is written, the other is refused naming it', async () => {
    const role = (
      await admin.request({ method: 'POST', url: '/roles', payload: { name: 'Raced', permissions: {} } })
    ).json() as RoleView;
    const second = await signedIn(testApp.app, 'admin');
    const answers = await Promise.all(
      [admin, second].map((session, index) =>
        session.request({
          method: 'PUT',
          url: `/roles/${role.id}`,
          payload: {
            name: 'Raced',
            permissions: index === 0 ? { can_view_clients: true } : { can_view_invoices: true },
            version: role.version,
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json()).toEqual({ error: roleChangedMessage('Raced') });
    const stored = (await listed()).find((item) => item.id === role.id)!;
    expect(stored.version).toBe(role.version + 1);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    expect(stored.permissions).toMatchObject(
      winner === 0
        ? { can_view_clients: true, can_view_invoices: false }
        : { can_view_clients: false, can_view_invoices: true },
    );
  });

  it('deletes an unused role and audits it', async () => {
    const role = (
      await admin.request({ method: 'POST', url: '/roles', payload: { name: 'Temporary', permissions: {} } })
    ).json() as RoleView;
    expect((await admin.request({ method: 'DELETE', url: `/roles/${role.id}` })).statusCode).toBe(204);
    expect((await listed()).some((item) => item.id === role.id)).toBe(false);
    const actions = await testApp.context.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.organizationId, demoId), eq(auditLog.entity, 'role'), eq(auditLog.entityId, String(role.id))),
      )
      .orderBy(desc(auditLog.id));
    expect(actions.map((row) => row.action)).toEqual(['delete', 'create']);
  });

  it('two administrators deactivating each other at once leave one active (never none)', async () => {
    const nwadmin = await signedIn(testApp.app, 'nwadmin');
    const nwId = (await nwadmin.request({ url: '/user' })).json().organization_id as number;
    const nwRoles = await listed(nwadmin);
    const adminRoleId = nwRoles.find((role) => role.permissions.all)!.id;
    const people = ((await nwadmin.request({ url: '/users' })).json() as { items: UserView[] }).items;
    const other = people.find((user) => user.username !== 'nwadmin')!;
    const self = people.find((user) => user.username === 'nwadmin')!;
    const promoted = await nwadmin.request({
      method: 'PUT',
      url: `/users/${other.id}`,
      payload: {
        username: other.username,
        email: other.email,
        first_name: other.first_name,
        last_name: other.last_name,
        role_id: adminRoleId,
        available_minutes_per_week: other.available_minutes_per_week,
        version: other.version,
      },
    });
    expect(promoted.statusCode).toBe(200);
    const second = await signedIn(testApp.app, other.username);
    const answers = await Promise.all([
      nwadmin.request({ method: 'POST', url: `/users/${other.id}/deactivate` }),
      second.request({ method: 'POST', url: `/users/${self.id}/deactivate` }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // The second to run finds its actor deactivated (401) or no administrator left (409).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const [admins] = await testApp.context.database.db
      .select({ n: count() })
      .from(users)
      .innerJoin(roles, and(eq(roles.organizationId, users.organizationId), eq(roles.id, users.roleId)))
      .where(and(eq(users.organizationId, nwId), eq(users.active, true), eq(roles.all, true)));
    expect(admins!.n).toBe(1);
  });
  it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
    expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
  });
});
