import { and, eq, inArray } from 'drizzle-orm';
import { organizationSettingsSchema, type RoleInput } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { createUser as createFirmUser } from '../../modules/organizations/organization.service';
import { getSettings, updateSettings } from '../../modules/organization-settings/settings.service';
import { createRole } from '../../modules/roles/roles.service';
import { createUser, setUserActive } from '../../modules/users/user-admin.service';
import { fullRoleOf } from '../../modules/users/full-role';
import type { SessionUser } from '../../plugins/route-permission';
import { withTenant, type Db } from '../client';
import { organizations, roles, users } from '../schema/index';
import { DEMO_PASSWORD } from './demo';
import { insertDemoTrackerEvents } from './demo-tracker-events';

/** What a firm got: its colours always; in Demo CPA also the people (by role name and usernames) and events. */
export type SeededAdmin = {
  subdomain: string;
  people?: { role: string; invited: string; deactivated: string; trackerEvents: number };
};

/** The admin pages' demo in the Demo CPA firm: its own role, a new hire, a former employee. */
type DemoPeople = {
  role: RoleInput;
  invited: { username: string; first_name: string; last_name: string; email: string };
  former: { username: string; firstName: string; lastName: string; email: string; roleName: string };
  /** Whose browsing the activity log shows. */
  tracked: string[];
};

type DemoAdminPlan = {
  subdomain: string;
  administrator: string;
  colours: { primary_color: string; secondary_color: string };
  people?: DemoPeople;
};

export const DEMO_ADMIN: DemoAdminPlan[] = [
  {
    subdomain: 'demo',
    administrator: 'admin',
    colours: { primary_color: '#0f766e', secondary_color: '#475569' },
    people: {
      role: {
        name: 'Seasonal preparer',
        permissions: { can_view_time_entries: true, can_edit_time_entries: true, can_view_clients: true },
      },
      invited: { username: 'newhire', first_name: 'Nina', last_name: 'Newhire', email: 'newhire@demo-cpa.example' },
      former: {
        username: 'former',
        firstName: 'Frank',
        lastName: 'Former',
        email: 'former@demo-cpa.example',
        roleName: 'staff',
      },
      tracked: ['admin', 'partner', 'manager', 'staff', 'billing'],
    },
  },
  {
    subdomain: 'northwind',
    administrator: 'nwadmin',
    colours: { primary_color: '#1e3a8a', secondary_color: '#64748b' },
  },
];

/** The firm's administrator as a signed-in caller of the services. */
async function administratorOf(db: Db, subdomain: string, username: string): Promise<SessionUser | null> {
  const [firm] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.subdomain, subdomain));
  if (!firm) return null;
  const [row] = await withTenant(db, firm.id, (tx) =>
    tx
      .select({ id: users.id, role: roles })
      .from(users)
      .innerJoin(roles, and(eq(roles.organizationId, users.organizationId), eq(roles.id, users.roleId)))
      .where(and(eq(users.organizationId, firm.id), eq(users.username, username))),
  );
  if (!row) return null;
  return { id: row.id, organizationId: firm.id, username, csrf: '', fullRole: fullRoleOf(row.role) };
}

async function userIdsOf(db: Db, organizationId: number, usernames: string[]): Promise<Map<string, number>> {
  const rows = await withTenant(db, organizationId, (tx) =>
    tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), inArray(users.username, usernames))),
  );
  const ids = new Map(rows.map((row) => [row.username, row.id]));
  return new Map(usernames.filter((name) => ids.has(name)).map((name) => [name, ids.get(name)!]));
}

/** The new hire gets his invitation in the outbox; the app's mail worker sends it on its first round. */
const MAIL_WORKER_LATER = { kick: () => undefined };

async function seedPeople(
  context: AppContext,
  actor: SessionUser,
  people: DemoPeople,
  now: Date,
): Promise<SeededAdmin['people']> {
  const { db } = context.database;
  const role = await createRole(db, actor, people.role);
  await createUser(context, MAIL_WORKER_LATER, actor, { ...people.invited, role_id: role.id }, now);
  const formerId = await createFirmUser(db, actor.organizationId, { ...people.former, password: DEMO_PASSWORD });
  await setUserActive(context, actor, formerId, false, now);
  const userIds = await userIdsOf(db, actor.organizationId, people.tracked);
  const webUrl = context.config.publicUrl;
  const trackerEvents = await withTenant(db, actor.organizationId, (tx) =>
    insertDemoTrackerEvents(tx, { organizationId: actor.organizationId, userIds, webUrl, now }),
  );
  return {
    role: people.role.name,
    invited: people.invited.username,
    deactivated: people.former.username,
    trackerEvents,
  };
}

/**
 * What the admin pages show at once (issue 16): the firms' colours, and in Demo CPA a role
 * of its own, an invited user who has not chosen his password, a deactivated user and a week
 * of the activity tracker's log. The changes go through the services as the administrator,
 * so the audit trail holds them as it would hold his. A firm whose settings were saved
 * before is left as it is.
 */
export async function seedDemoAdmin(context: AppContext, options: { now: Date }): Promise<SeededAdmin[]> {
  const { db } = context.database;
  const seeded: SeededAdmin[] = [];
  for (const plan of DEMO_ADMIN) {
    const actor = await administratorOf(db, plan.subdomain, plan.administrator);
    if (!actor) continue;
    const settings = await getSettings(db, actor);
    if (settings.version > 1) continue;
    await updateSettings(db, actor, organizationSettingsSchema.parse({ ...settings, ...plan.colours }));
    const people = plan.people ? await seedPeople(context, actor, plan.people, options.now) : undefined;
    seeded.push({ subdomain: plan.subdomain, ...(people && { people }) });
  }
  return seeded;
}
