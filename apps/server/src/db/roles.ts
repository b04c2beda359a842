import { createHmac } from 'node:crypto';

/**
 * The app's own login on PostgreSQL: the server and database of DATABASE_URL, as app_user.
 * Its password is derived from the owner's, so every process holding the owner's URL agrees
 * on it without another setting; with no password in the URL (trust or peer on a development
 * machine) app_user logs in without one too.
 */
export function appLogin(databaseUrl: string): { url: string; password: string | undefined } {
  const url = new URL(databaseUrl);
  const ownerPassword = decodeURIComponent(url.password);
  const password = ownerPassword
    ? createHmac('sha256', ownerPassword)
        .update(`app_user login for ${decodeURIComponent(url.username)}`)
        .digest('hex')
    : undefined;
  url.username = 'app_user';
  url.password = password ?? '';
  return { url: url.toString(), password };
}

export type RoleFlags = { name: string; rolsuper: boolean; rolbypassrls: boolean; owned: number };

export const ROLE_FLAGS = `select r.rolname as name, r.rolsuper, r.rolbypassrls,
  (select count(*)::int from pg_class c where c.relowner = r.oid and c.relnamespace = 'public'::regnamespace) as owned
  from pg_roles r where r.rolname = `;

/** The checks of ADR 0098: the owner sees every firm for migrations and lookups, app_user none but its own. */
export function assertRoles(owner: RoleFlags | undefined, app: RoleFlags | undefined): void {
  if (!owner || !(owner.rolsuper || owner.rolbypassrls)) {
    throw new Error(
      `The role of DATABASE_URL (${owner?.name ?? 'unknown'}) owns the tables, whose row-level security is forced: ` +
        'it needs BYPASSRLS (or superuser) for migrations, seeds and sign-in lookups. See the README, Production database.',
    );
  }
  if (!app || app.name !== 'app_user' || app.rolsuper || app.rolbypassrls || app.owned > 0) {
    throw new Error(
      'app_user must be a role that is not superuser, cannot bypass row-level security and owns no table',
    );
  }
}
