import { count, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { organizations } from '../schema/index';
import { createOrganization, createUser, type NewUser } from '../../modules/organizations/organization.service';

/** The demo password of every demo user: a contract that outside checks rely on. */
export const DEMO_PASSWORD = 'demo-password';

type DemoFirm = {
  name: string;
  subdomain: string;
  /** The invoice header and footer (migration 0020), so the demo's invoices print a real remit-to. */
  remitTo: string;
  invoiceFooter: string;
  users: Omit<NewUser, 'password'>[];
};

/** Two firms so tenancy can be tried by hand; names and usernames are a contract (issue 2). */
export const DEMO_FIRMS: DemoFirm[] = [
  {
    name: 'Demo CPA',
    subdomain: 'demo',
    remitTo: 'Demo CPA\n100 Main Street, Suite 400\nSpringfield, IL 62701',
    invoiceFooter: 'Thank you for your business. Questions about this invoice: billing@demo-cpa.example',
    users: [
      { username: 'admin', roleName: 'admin', firstName: 'Alice', lastName: 'Admin', standardRateCents: 25_000 },
      // Issue 3 contract: partner signs in with e-mail 2FA, so the flow can be tried at once.
      {
        username: 'partner',
        roleName: 'partner',
        firstName: 'Paul',
        lastName: 'Partner',
        standardRateCents: 35_000,
        twoFactorEnabled: true,
      },
      { username: 'manager', roleName: 'manager', firstName: 'Maria', lastName: 'Manager', standardRateCents: 22_500 },
      { username: 'staff', roleName: 'staff', firstName: 'Sam', lastName: 'Staff', standardRateCents: 15_000 },
      { username: 'billing', roleName: 'billing', firstName: 'Bella', lastName: 'Billing', standardRateCents: 12_000 },
      { username: 'readonly', roleName: 'readonly', firstName: 'Rita', lastName: 'Reader', standardRateCents: 0 },
    ].map((user) => ({ ...user, email: `${user.username}@demo-cpa.example` })),
  },
  {
    name: 'Northwind Accounting',
    subdomain: 'northwind',
    remitTo: 'Northwind Accounting\n12 Harbor Road\nPortland, ME 04101',
    invoiceFooter: 'Payment is due by the date shown. Thank you.',
    users: [
      { username: 'nwadmin', roleName: 'admin', firstName: 'Nora', lastName: 'West', standardRateCents: 24_000 },
      { username: 'nwstaff', roleName: 'staff', firstName: 'Ned', lastName: 'Wind', standardRateCents: 14_000 },
    ].map((user) => ({ ...user, email: `${user.username}@northwind.example` })),
  },
];

export type SeededFirm = { organizationId: number; subdomain: string; userIds: Record<string, number> };

export async function seedDemoFirms(db: Db): Promise<SeededFirm[]> {
  const seeded: SeededFirm[] = [];
  for (const firm of DEMO_FIRMS) {
    const organizationId = await createOrganization(db, { name: firm.name, subdomain: firm.subdomain });
    await db
      .update(organizations)
      .set({ remitTo: firm.remitTo, invoiceFooter: firm.invoiceFooter })
      .where(eq(organizations.id, organizationId));
    const userIds: Record<string, number> = {};
    for (const user of firm.users) {
      userIds[user.username] = await createUser(db, organizationId, { ...user, password: DEMO_PASSWORD });
    }
    seeded.push({ organizationId, subdomain: firm.subdomain, userIds });
  }
  return seeded;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ organizations: count() }).from(organizations);
  return (row?.organizations ?? 0) === 0;
}
