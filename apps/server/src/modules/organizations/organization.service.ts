import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/client';
import { organizations, roles, users } from '../../db/schema/index';
import { conflict } from '../../lib/errors';
import { insertDefaultWriteReasons } from '../invoices/write-reasons.service';
import { writeAudit } from '../audit/audit';
import { hashPassword } from '../auth/passwords';
import { roleColumnsOf } from '../users/full-role';
import { BUILT_IN_ROLES } from './built-in-roles';

export type NewOrganization = { name: string; subdomain: string; timeZone?: string };
export type NewUser = {
  username: string;
  email: string;
  firstName?: string;
  lastName?: string;
  password: string;
  roleName: string;
  standardRateCents?: number;
  twoFactorEnabled?: boolean;
};

/** Creates an organization with its built-in roles. */
export async function createOrganization(db: Db, input: NewOrganization): Promise<number> {
  return db.transaction(async (outer) => {
    const tx = outer as unknown as Db;
    const [existing] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.subdomain, input.subdomain));
    if (existing) throw conflict(`Subdomain ${input.subdomain} is taken`);
    const [created] = await tx
      .insert(organizations)
      .values({ name: input.name, subdomain: input.subdomain, timeZone: input.timeZone ?? 'America/New_York' })
      .returning({ id: organizations.id });
    const organizationId = created!.id;
    await withTenant(tx, organizationId, async (tenantTx) => {
      await tenantTx.insert(roles).values(
        BUILT_IN_ROLES.map((role) => ({
          organizationId,
          name: role.name,
          displayName: role.displayName,
          ...roleColumnsOf(role.fullRole),
        })),
      );
      await insertDefaultWriteReasons(tenantTx, organizationId);
      await writeAudit(tenantTx, {
        organizationId,
        userId: null,
        action: 'create',
        entity: 'organization',
        entityId: organizationId,
        after: input,
      });
    });
    return organizationId;
  });
}

export async function createUser(db: Db, organizationId: number, input: NewUser): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  return withTenant(db, organizationId, async (tx) => {
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.organizationId, organizationId), eq(roles.name, input.roleName)));
    if (!role) throw new Error(`No role ${input.roleName}`);
    const [created] = await tx
      .insert(users)
      .values({
        organizationId,
        username: input.username,
        email: input.email,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        roleId: role.id,
        passwordHash,
        standardRateCents: input.standardRateCents ?? 0,
        twoFactorEnabled: input.twoFactorEnabled ?? false,
      })
      .returning({ id: users.id });
    const userId = created!.id;
    await writeAudit(tx, {
      organizationId,
      userId: null,
      action: 'create',
      entity: 'user',
      entityId: userId,
      after: { username: input.username, email: input.email, role: input.roleName },
    });
    return userId;
  });
}
