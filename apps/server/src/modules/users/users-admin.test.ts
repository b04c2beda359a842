import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { latestMailTo, resetCodeOf, resetLinkIn } from '../../../test/outbox';
import { createActivityType, createClient, createTimeEntry } from '../../../test/work-records';
import { auditLog, organizations, passkeys, roles as rolesTable } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { LAST_ADMINISTRATOR } from './administrators';
import { fullRoleOf } from './full-role';
import { ABOVE_YOUR_ROLE } from './role-ceiling';
import { setUserActive, updateUser } from './user-admin.service';
import type { UserView } from './user-admin-view';

type RoleOption = { id: number; name: string };

describe('People: GET/POST/PUT /users, deactivation and invitations', () => {
  let testApp: TestApp;
  let admin: Session;
  let roleId: (name: string) => number;
  let demoId: number;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedIn(testApp.app, 'admin');
    const roles = (await admin.request({ url: '/roles/options' })).json() as { items: RoleOption[] };
    roleId = (name) => roles.items.find((role) => role.name === name)!.id;
    const [demo] = await testApp.context.database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.subdomain, 'demo'));
    demoId = demo!.id;
  });
  afterAll(() => testApp.close());

  async function auditRows(entity: string, entityId: number) {
    return testApp.context.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.organizationId, demoId), eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))),
      )
      .orderBy(desc(auditLog.id));
  }

  async function create(session: Session, username: string, role = 'Staff') {
    return session.request({
      method: 'POST',
      url: '/users',
      payload: {
        username,
        email: `${username}@demo-cpa.example`,
        first_name: 'New',
        last_name: username,
        role_id: roleId(role),
        billing_rate_cents: 12_500,
      },
    });
  }

  it('creates a user who sets his own password from the e-mail and then signs in', async () => {
    const response = await create(admin, 'newbie01');
    expect(response.statusCode).toBe(201);
    const user = response.json() as UserView;
    expect(user).toMatchObject({ username: 'newbie01', role: { name: 'Staff' }, billing_rate_cents: 12_500 });
    expect(response.body).not.toContain('password');
    // Until he chooses one, no password signs him in.
    expect((await new Session(testApp.app).signIn('newbie01')).statusCode).toBe(401);
    const mail = await latestMailTo(testApp.context, 'newbie01@demo-cpa.example');
    expect(mail.textBody).toContain('Your username is newbie01');
    const code = resetCodeOf(resetLinkIn(mail.textBody!));
    const reset = await new Session(testApp.app).request({
      method: 'POST',
      url: `/reset_password/${encodeURIComponent(code)}`,
      payload: { password: 'Chosen123' },
      csrf: null,
    });
    expect(reset.statusCode).toBe(200);
    expect((await new Session(testApp.app).signIn('newbie01', 'Chosen123')).statusCode).toBe(200);
    const [row] = await auditRows('user', user.id);
    expect(row).toMatchObject({ action: 'password_reset' });
    const created = (await auditRows('user', user.id)).find((audit) => audit.action === 'create');
    expect(created?.after).toMatchObject({ username: 'newbie01', email: 'newbie01@demo-cpa.example' });
  });

  it('refuses a taken username (any firm, any case), bad fields and another firm’s role', async () => {
    const taken = await create(admin, 'NWADMIN');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ details: { username: 'Username NWADMIN is already taken' } });
    const short = await admin.request({
      method: 'POST',
      url: '/users',
      payload: { username: 'abc', email: 'nope', first_name: '', last_name: 'x', role_id: roleId('Staff') },
    });
    expect(short.statusCode).toBe(400);
    const nwadmin = await signedIn(testApp.app, 'nwadmin');
    const nwRoles = (await nwadmin.request({ url: '/roles/options' })).json() as { items: RoleOption[] };
    const foreign = await admin.request({
      method: 'POST',
      url: '/users',
      payload: {
        username: 'foreign01',
        email: 'foreign01@demo-cpa.example',
        first_name: 'F',
        last_name: 'R',
        role_id: nwRoles.items[0]!.id,
      },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await admin.request({ url: '/users?q=foreign01' })).json()).toMatchObject({ total: 0 });
  });

  it('lists with search, role and active filters, sorting and paging; another firm’s user is 404', async () => {
    const page = (await admin.request({ url: `/users?role_id=${roleId('Partner')}` })).json() as {
      items: UserView[];
      total: number;
    };
    expect(page.items.map((user) => user.username)).toEqual(['partner']);
    const sorted = (await admin.request({ url: '/users?sort=username&order=desc&page_size=2' })).json() as {
      items: UserView[];
      total: number;
    };
    expect(sorted.items).toHaveLength(2);
    expect(sorted.total).toBeGreaterThan(2);
    expect(sorted.items[0]!.username > sorted.items[1]!.username).toBe(true);
    expect((await admin.request({ url: '/users?q=rita' })).json()).toMatchObject({ total: 1 });
    const secondPage = (await admin.request({ url: '/users?sort=username&order=desc&page_size=2&page=2' })).json() as {
      items: UserView[];
      page: number;
      total: number;
    };
    expect(secondPage).toMatchObject({ page: 2, total: sorted.total });
    expect(secondPage.items[0]!.username < sorted.items[1]!.username).toBe(true);
    const gone = (await create(admin, 'gone0001')).json() as UserView;
    expect((await admin.request({ method: 'POST', url: `/users/${gone.id}/deactivate` })).statusCode).toBe(200);
    const listed = async (active: string) =>
      ((await admin.request({ url: `/users?q=gone0001${active}` })).json() as { items: UserView[] }).items.map(
        (user) => user.username,
      );
    expect(await listed('&active=false')).toEqual(['gone0001']);
    expect(await listed('&active=true')).toEqual([]);
    expect(await listed('')).toEqual(['gone0001']);
    const refused = await admin.request({ url: '/users?active=maybe&sort=password' });
    expect(refused.statusCode).toBe(400);
    const nwadmin = await signedIn(testApp.app, 'nwadmin');
    const nwUsers = (await nwadmin.request({ url: '/users' })).json() as { items: UserView[] };
    expect(nwUsers.items.every((user) => !user.email.includes('demo-cpa'))).toBe(true);
    const foreignId = nwUsers.items[0]!.id;
    expect((await admin.request({ url: `/users/${foreignId}` })).statusCode).toBe(404);
    const put = await admin.request({
      method: 'PUT',
      url: `/users/${foreignId}`,
      payload: {
        username: 'whatever1',
        email: 'w@x.example',
        first_name: 'W',
        last_name: 'X',
        role_id: roleId('Staff'),
        available_minutes_per_week: 2400,
        version: 1,
      },
    });
    expect(put.statusCode).toBe(404);
    expect((await admin.request({ method: 'POST', url: `/users/${foreignId}/deactivate` })).statusCode).toBe(404);
  });

  it('answers 403 without can_view_users / can_edit_users', async () => {
    const staff = await signedIn(testApp.app, 'staff');
    expect((await staff.request({ url: '/users' })).statusCode).toBe(403);
    expect((await staff.request({ url: '/roles/options' })).statusCode).toBe(403);
    const reader = await signedIn(testApp.app, 'readonly');
    expect((await reader.request({ url: '/users' })).statusCode).toBe(200);
    expect((await create(reader, 'readmade1')).statusCode).toBe(403);
    const [someone] = ((await reader.request({ url: '/users?q=sam' })).json() as { items: UserView[] }).items;
    expect((await reader.request({ method: 'POST', url: `/users/${someone!.id}/deactivate` })).statusCode).toBe(403);
  });

  it('edits with a version: a stale one is 409 and nothing changes; each change is audited', async () => {
    const user = (await create(admin, 'editme01')).json() as UserView;
    const edit = (version: number, last = 'Edited') =>
      admin.request({
        method: 'PUT',
        url: `/users/${user.id}`,
        payload: {
          username: 'editme01',
          email: 'editme01@demo-cpa.example',
          first_name: 'New',
          last_name: last,
          role_id: roleId('Manager'),
          available_minutes_per_week: 1800,
          version,
        },
      });
    const first = await edit(user.version);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ last_name: 'Edited', role: { name: 'Manager' }, version: user.version + 1 });
    const stale = await edit(user.version, 'Lost');
    expect(stale.statusCode).toBe(409);
    expect((await admin.request({ url: `/users/${user.id}` })).json()).toMatchObject({ last_name: 'Edited' });
    const [latest] = await auditRows('user', user.id);
    expect(latest).toMatchObject({ action: 'update' });
    expect(latest!.before).toMatchObject({ role: { name: 'Staff' } });
    expect(latest!.after).toMatchObject({ role: { name: 'Manager' }, available_minutes_per_week: 1800 });
  });

  it('sends the invitation again, audited; a deactivated user is reactivated first (409)', async () => {
    const user = (await create(admin, 'invitee01')).json() as UserView;
    const first = await latestMailTo(testApp.context, 'invitee01@demo-cpa.example');
    const again = await admin.request({ method: 'POST', url: `/users/${user.id}/invite` });
    expect(again.statusCode).toBe(202);
    const second = await latestMailTo(testApp.context, 'invitee01@demo-cpa.example');
    expect(second.id).not.toBe(first.id);
    expect(resetLinkIn(second.textBody!)).not.toBe(resetLinkIn(first.textBody!));
    const [invited, created] = await auditRows('user', user.id);
    expect(invited).toMatchObject({ action: 'invite', userId: expect.any(Number), before: null, after: null });
    expect(created).toMatchObject({ action: 'create', after: { username: 'invitee01', role: { name: 'Staff' } } });
    await admin.request({ method: 'POST', url: `/users/${user.id}/deactivate` });
    const refused = await admin.request({ method: 'POST', url: `/users/${user.id}/invite` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ details: { active: 'Reactivate the user first' } });
    expect((await auditRows('user', user.id)).map((row) => row.action)).toEqual(['deactivate', 'invite', 'create']);
  });

  it('deactivation ends his sessions at once; reactivation lets him sign in again', async () => {
    const target = (await create(admin, 'leaver01')).json() as UserView;
    const mail = await latestMailTo(testApp.context, 'leaver01@demo-cpa.example');
    const code = resetCodeOf(resetLinkIn(mail.textBody!));
    await new Session(testApp.app).request({
      method: 'POST',
      url: `/reset_password/${encodeURIComponent(code)}`,
      payload: { password: 'Leaver123' },
      csrf: null,
    });
    const his = new Session(testApp.app);
    expect((await his.signIn('leaver01', 'Leaver123')).statusCode).toBe(200);
    expect((await his.request({ url: '/user' })).statusCode).toBe(200);
    const off = await admin.request({ method: 'POST', url: `/users/${target.id}/deactivate` });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    expect((await his.request({ url: '/user' })).statusCode).toBe(401);
    const refresh = await his.request({ method: 'POST', url: '/refresh', csrf: his.csrfRefresh ?? null });
    expect(refresh.statusCode).toBe(401);
    expect((await new Session(testApp.app).signIn('leaver01', 'Leaver123')).statusCode).toBe(401);
    const detail = (await admin.request({ url: `/users/${target.id}` })).json() as { sessions: unknown[] };
    expect(detail.sessions).toEqual([]);
    expect((await admin.request({ method: 'POST', url: `/users/${target.id}/reactivate` })).json()).toMatchObject({
      active: true,
    });
    expect((await new Session(testApp.app).signIn('leaver01', 'Leaver123')).statusCode).toBe(200);
    const actions = (await auditRows('user', target.id)).map((row) => row.action);
    expect(actions.slice(0, 2)).toEqual(['reactivate', 'deactivate']);
  });

  it('shows his rate history, recent time, live sessions and passkey status, never the credential', async () => {
    const user = (await create(admin, 'detail01')).json() as UserView;
    const mail = await latestMailTo(testApp.context, 'detail01@demo-cpa.example');
    await new Session(testApp.app).request({
      method: 'POST',
      url: `/reset_password/${encodeURIComponent(resetCodeOf(resetLinkIn(mail.textBody!)))}`,
      payload: { password: 'Detail123' },
      csrf: null,
    });
    const his = new Session(testApp.app);
    expect((await his.signIn('detail01', 'Detail123')).statusCode).toBe(200);
    const rate = await admin.request({
      method: 'PUT',
      url: `/users/${user.id}/rate`,
      payload: { rate_cents: 15_000, effective_from: '2026-01-01' },
    });
    expect(rate.statusCode).toBe(200);
    const client = await createClient(admin, { legal_name: 'Detail Client LLC' });
    const activity = await createActivityType(admin);
    const entry = await createTimeEntry(his, { client_id: client.id, activity_type_id: activity.id, minutes: 90 });
    await testApp.context.database.db.insert(passkeys).values({
      organizationId: demoId,
      userId: user.id,
      credentialId: 'detail01-credential',
      publicKey: 'detail01-public-key',
      userHandle: 'detail01-handle',
      deviceType: 'singleDevice',
      deviceName: 'Work laptop',
    });
    const detail = await admin.request({ url: `/users/${user.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      username: 'detail01',
      rate_changes: [{ effective_from: '2026-01-01', rate_cents: 15_000 }],
      recent_time: [{ id: entry.id, entry_date: '2026-03-02', client: 'Detail Client LLC', minutes: 90 }],
      sessions: [{ id: expect.any(String) }],
      passkey: { registered: true, device_name: 'Work laptop', created_at: expect.any(String) },
      two_factor_enabled: false,
    });
    expect((detail.json() as { sessions: unknown[] }).sessions).toHaveLength(1);
    expect(detail.body).not.toMatch(/detail01-(credential|public-key|handle)|Detail123|argon2/);
    const adminId = ((await admin.request({ url: '/user' })).json() as { id: number }).id;
    const withoutKey = (await admin.request({ url: `/users/${adminId}` })).json() as { passkey: unknown };
    expect(withoutKey.passkey).toEqual({ registered: false, device_name: null, created_at: null });
  });

  it('the last administrator cannot demote or deactivate himself (403, his own record)', async () => {
    const nwadmin = await signedIn(testApp.app, 'nwadmin');
    const nwUsers = (await nwadmin.request({ url: '/users' })).json() as { items: UserView[] };
    const nwRoles = (await nwadmin.request({ url: '/roles/options' })).json() as { items: RoleOption[] };
    const staffRole = nwRoles.items.find((role) => role.name === 'Staff')!.id;
    const adminRole = nwRoles.items.find((role) => role.name === 'Administrator')!.id;
    const other = nwUsers.items.find((user) => user.username !== 'nwadmin')!;
    // A second administrator, who then tries to remove the first one and himself.
    const promote = await nwadmin.request({
      method: 'PUT',
      url: `/users/${other.id}`,
      payload: { ...editable(other), role_id: adminRole },
    });
    expect(promote.statusCode).toBe(200);
    const demote = await nwadmin.request({
      method: 'PUT',
      url: `/users/${other.id}`,
      payload: { ...editable(promote.json() as UserView), role_id: staffRole },
    });
    expect(demote.statusCode).toBe(200);
    // Now nwadmin is the only one: he cannot demote himself (own role) nor be deactivated.
    const self = nwUsers.items.find((user) => user.username === 'nwadmin')!;
    const selfDemote = await nwadmin.request({
      method: 'PUT',
      url: `/users/${self.id}`,
      payload: { ...editable(self), role_id: staffRole },
    });
    expect(selfDemote.statusCode).toBe(403);
    const selfOff = await nwadmin.request({ method: 'POST', url: `/users/${self.id}/deactivate` });
    expect(selfOff.statusCode).toBe(403);
  });

  it('another administrator cannot deactivate or demote the last active one (409, nothing changes)', async () => {
    // Everyone who may manage an administrator holds `all` and so is one himself: the rule
    // meets a second administrator whose call the auth guard let in just before the first
    // one deactivated him. The guard's view of that call is built here as the guard builds it.
    const second = (await create(admin, 'second01', 'Administrator')).json() as UserView;
    const [adminRole] = await testApp.context.database.db
      .select()
      .from(rolesTable)
      .where(and(eq(rolesTable.organizationId, demoId), eq(rolesTable.id, roleId('Administrator'))));
    const letIn: SessionUser = {
      id: second.id,
      organizationId: demoId,
      username: second.username,
      csrf: 'checked-by-the-guard',
      fullRole: fullRoleOf(adminRole!),
    };
    expect(letIn.fullRole.all).toBe(true);
    expect((await admin.request({ method: 'POST', url: `/users/${second.id}/deactivate` })).statusCode).toBe(200);
    const alice = ((await admin.request({ url: '/users?q=alice' })).json() as { items: UserView[] }).items[0]!;
    const auditedBefore = (await auditRows('user', alice.id)).length;

    const off = setUserActive(testApp.context, letIn, alice.id, false, new Date());
    await expect(off).rejects.toMatchObject({ status: 409, message: LAST_ADMINISTRATOR });
    const demote = updateUser(
      testApp.context,
      letIn,
      alice.id,
      { ...editable(alice), role_id: roleId('Staff') },
      new Date(),
    );
    await expect(demote).rejects.toMatchObject({ status: 409, message: LAST_ADMINISTRATOR });

    // The error handler answers an AppError with its status and `{ error }` (the role editor's 409 below).
    expect((await admin.request({ url: `/users/${alice.id}` })).json()).toMatchObject({
      active: true,
      role: { name: 'Administrator' },
      version: alice.version,
    });
    expect(await auditRows('user', alice.id)).toHaveLength(auditedBefore);
    expect((await admin.request({ url: '/user' })).statusCode).toBe(200);
  });

  it('the last role with all and the last active administrator hold under the role editor (409)', async () => {
    const roles = (await admin.request({ url: '/roles' })).json() as {
      items: { id: number; name: string; permissions: Record<string, boolean>; users: number }[];
    };
    const adminRole = roles.items.find((role) => role.name === 'Administrator')!;
    const drop = await admin.request({
      method: 'PUT',
      url: `/roles/${adminRole.id}`,
      payload: { name: 'Administrator', permissions: { can_view_users: true } },
    });
    expect(drop.statusCode).toBe(409);
    // A second all-role nobody holds: removing all from Administrator would leave no active administrator.
    const spare = await admin.request({
      method: 'POST',
      url: '/roles',
      payload: { name: 'Spare', permissions: { all: true } },
    });
    expect(spare.statusCode).toBe(201);
    const dropAgain = await admin.request({
      method: 'PUT',
      url: `/roles/${adminRole.id}`,
      payload: { name: 'Administrator', permissions: { can_view_users: true } },
    });
    expect(dropAgain.statusCode).toBe(409);
    expect(dropAgain.json()).toEqual({ error: LAST_ADMINISTRATOR });
    expect(
      (await admin.request({ method: 'DELETE', url: `/roles/${(spare.json() as { id: number }).id}` })).statusCode,
    ).toBe(204);
  });

  it('a manager of users cannot hand out, manage or re-rate a role above his own (403)', async () => {
    const roles = (await admin.request({ url: '/roles' })).json() as { items: { id: number; name: string }[] };
    const editor = await admin.request({
      method: 'POST',
      url: '/roles',
      payload: { name: 'People editor', permissions: { can_view_users: true, can_edit_users: true } },
    });
    const editorRole = (editor.json() as { id: number }).id;
    const person = (await create(admin, 'peoplep1')).json() as UserView;
    await admin.request({
      method: 'PUT',
      url: `/users/${person.id}`,
      payload: { ...editable(person), role_id: editorRole },
    });
    const mail = await latestMailTo(testApp.context, 'peoplep1@demo-cpa.example');
    await new Session(testApp.app).request({
      method: 'POST',
      url: `/reset_password/${encodeURIComponent(resetCodeOf(resetLinkIn(mail.textBody!)))}`,
      payload: { password: 'People123' },
      csrf: null,
    });
    const editorSession = new Session(testApp.app);
    expect((await editorSession.signIn('peoplep1', 'People123')).statusCode).toBe(200);
    const adminRole = roles.items.find((role) => role.name === 'Administrator')!.id;
    const escalate = await editorSession.request({
      method: 'POST',
      url: '/users',
      payload: {
        username: 'sneaky01',
        email: 'sneaky01@demo-cpa.example',
        first_name: 'S',
        last_name: 'N',
        role_id: adminRole,
      },
    });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json()).toEqual({ error: ABOVE_YOUR_ROLE });
    const adminUser = ((await admin.request({ url: '/users?q=alice' })).json() as { items: UserView[] }).items[0]!;
    expect((await editorSession.request({ method: 'POST', url: `/users/${adminUser.id}/deactivate` })).statusCode).toBe(
      403,
    );
    const rateBefore = (await admin.request({ url: `/users/${adminUser.id}/rate` })).json() as unknown;
    const rate = await editorSession.request({
      method: 'PUT',
      url: `/users/${adminUser.id}/rate`,
      payload: { rate_cents: 1, effective_from: '2026-06-01' },
    });
    expect(rate.statusCode).toBe(403);
    expect(rate.json()).toEqual({ error: ABOVE_YOUR_ROLE });
    expect((await admin.request({ url: `/users/${adminUser.id}/rate` })).json()).toEqual(rateBefore);
    // Nor does he raise himself: his own record's role stays as the administrator gave it.
    const himself = (await admin.request({ url: `/users/${person.id}` })).json() as UserView;
    const selfPromote = await editorSession.request({
      method: 'PUT',
      url: `/users/${person.id}`,
      payload: { ...editable(himself), role_id: adminRole },
    });
    expect(selfPromote.statusCode).toBe(403);
    expect((await admin.request({ url: `/users/${person.id}` })).json()).toMatchObject({
      role: { id: editorRole },
      version: himself.version,
    });
    const ownRate = await editorSession.request({
      method: 'PUT',
      url: `/users/${person.id}/rate`,
      payload: { rate_cents: 12_500, effective_from: '2026-06-01' },
    });
    expect(ownRate.statusCode).toBe(200);
  });
});

function editable(user: UserView) {
  return {
    username: user.username,
    email: user.email,
    first_name: user.first_name || 'First',
    last_name: user.last_name || 'Last',
    role_id: user.role.id,
    available_minutes_per_week: user.available_minutes_per_week,
    version: user.version,
  };
}
