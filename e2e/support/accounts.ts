import { DEMO_PASSWORD } from './demo';

/**
 * Users of the "E2E Accounts" firm that apps/server/test/seed-e2e.ts adds for the
 * account-security specs: each belongs to one spec, which may change its password and 2FA.
 */
export const E2E_ACCOUNTS = {
  /** e2e/password-reset.spec.ts */
  resetuser: { firstName: 'Rhea', email: 'resetuser@e2e-accounts.example' },
  /** e2e/settings-security.spec.ts: the password change */
  passworduser: { firstName: 'Paula', email: 'passworduser@e2e-accounts.example' },
  /** e2e/settings-security.spec.ts: two-factor turned on */
  twofactoruser: { firstName: 'Tom', email: 'twofactoruser@e2e-accounts.example' },
  /** e2e/settings-security.spec.ts: his names, e-mail and preferences changed */
  profileuser: { firstName: 'Prue', email: 'profileuser@e2e-accounts.example' },
} as const;

export const E2E_ACCOUNT_PASSWORD = DEMO_PASSWORD;

/**
 * The administrator of the "E2E Portal" firm (seed-e2e.ts): e2e/portal.spec.ts alone sets that
 * firm's colours and logo and issues its invoices, so what the portal shows is the spec's own.
 */
export const PORTAL_ADMIN = { username: 'portaladmin', firstName: 'Pia', firm: 'E2E Portal' } as const;

/** The administrator of the "E2E Roles" firm (seed-e2e.ts): only e2e/roles-matrix.spec.ts changes its roles. */
export const ROLES_ADMIN = { username: 'rolesadmin', firstName: 'Rosa', firm: 'E2E Roles' } as const;

/**
 * The "E2E Permissions" firm (seed-e2e.ts), e2e/permissions-admin.spec.ts's alone: its
 * administrator turns off Mia's 2FA, and Dev's account is locked by an attacker.
 */
export const PERMISSIONS_ACCOUNTS = {
  admin: { username: 'permsadmin', firstName: 'Percy' },
  mailbox: {
    username: 'permsmailbox',
    firstName: 'Mia',
    fullName: 'Mia Mailbox',
    email: 'permsmailbox@e2e-perms.example',
  },
  device: { username: 'permsdevice', firstName: 'Dev', email: 'permsdevice@e2e-perms.example' },
} as const;
