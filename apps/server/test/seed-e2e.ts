// Prepares the end-to-end database before the server starts (scripts/test-e2e.mjs): the demo
// firms, exactly as the server seeds them, plus a firm whose users only the account-security
// specs sign in as. Their passwords and 2FA settings change during the run, so no other spec
// may share them (ADR 0079). Two more firms belong to one spec each (below).
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { DEMO_PASSWORD, seedDemoFirms } from '../src/db/seed/demo';
import { createOrganization, createUser } from '../src/modules/organizations/organization.service';

/** A contract with e2e/support/accounts.ts. */
const E2E_USERS = [
  { username: 'resetuser', firstName: 'Rhea', lastName: 'Reset' },
  { username: 'passworduser', firstName: 'Paula', lastName: 'Password' },
  { username: 'twofactoruser', firstName: 'Tom', lastName: 'Twofactor' },
  { username: 'profileuser', firstName: 'Prue', lastName: 'Profile' },
];

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
try {
  await migrate(database);
  await seedDemoFirms(database.db);
  const organizationId = await createOrganization(database.db, { name: 'E2E Accounts', subdomain: 'e2e-accounts' });
  for (const user of E2E_USERS) {
    await createUser(database.db, organizationId, {
      ...user,
      email: `${user.username}@e2e-accounts.example`,
      password: DEMO_PASSWORD,
      roleName: 'staff',
    });
  }
  // e2e/people-admin.spec.ts changes this firm's roles, people and colours: no other spec uses it.
  const peopleFirm = await createOrganization(database.db, { name: 'E2E People', subdomain: 'e2e-people' });
  await createUser(database.db, peopleFirm, {
    username: 'peopleadmin',
    firstName: 'Petra',
    lastName: 'People',
    email: 'peopleadmin@e2e-people.example',
    password: DEMO_PASSWORD,
    roleName: 'admin',
  });
  // e2e/roles-matrix.spec.ts changes this firm's roles: no other spec uses it.
  const rolesFirm = await createOrganization(database.db, { name: 'E2E Roles', subdomain: 'e2e-roles' });
  await createUser(database.db, rolesFirm, {
    username: 'rolesadmin',
    firstName: 'Rosa',
    lastName: 'Roles',
    email: 'rolesadmin@e2e-roles.example',
    password: DEMO_PASSWORD,
    roleName: 'admin',
  });
  // e2e/portal.spec.ts sets this firm's colours and logo and bills its clients: no other spec uses it.
  const portalFirm = await createOrganization(database.db, { name: 'E2E Portal', subdomain: 'e2e-portal' });
  await createUser(database.db, portalFirm, {
    username: 'portaladmin',
    firstName: 'Pia',
    lastName: 'Portal',
    email: 'portaladmin@e2e-portal.example',
    password: DEMO_PASSWORD,
    roleName: 'admin',
  });
  // e2e/permissions-admin.spec.ts resets a 2FA and locks an account in this firm: no other spec uses it.
  const permissionsFirm = await createOrganization(database.db, { name: 'E2E Permissions', subdomain: 'e2e-perms' });
  for (const user of [
    { username: 'permsadmin', firstName: 'Percy', lastName: 'Admin', roleName: 'admin' },
    { username: 'permsmailbox', firstName: 'Mia', lastName: 'Mailbox', roleName: 'staff', twoFactorEnabled: true },
    { username: 'permsdevice', firstName: 'Dev', lastName: 'Device', roleName: 'staff' },
  ]) {
    await createUser(database.db, permissionsFirm, {
      ...user,
      email: `${user.username}@e2e-perms.example`,
      password: DEMO_PASSWORD,
    });
  }
} finally {
  await database.close();
}
