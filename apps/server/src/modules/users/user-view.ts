import { sql, type SQL } from 'drizzle-orm';
import type { FullRole } from '@practice/shared';
import type { Database, Tx } from '../../db/client';
import { BOOKMARKS_LISTED_MAX, type BookmarkedClient } from '../clients/bookmarks';
import { fullRoleOfJson, type RoleJson } from './full-role';

/** The user object of SPEC 3, as /login, /refresh and /user answer it. */
export type UserView = {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  organization_id: number;
  role: { name: string };
  role_name: string;
  full_role: FullRole;
  bookmarked_clients: BookmarkedClient[];
};

/** The view, and whether the account is active (a refresh of a deactivated account is refused). */
export type FoundUser = { view: UserView; active: boolean };

type ViewRow = {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  active: boolean;
  role_name: string;
  role_display_name: string;
  role_row: RoleJson;
  bookmarks: BookmarkedClient[];
};

/**
 * The user with his role and his most recent bookmarks, in one statement: user_view
 * (migration 0048) is PL/pgSQL so that each connection plans it once, and its text is written
 * here from two checked integers rather than built by the query builder on every page load
 * (ADR 0178).
 */
function userViewStatement(organizationId: number, userId: number): SQL {
  if (![organizationId, userId].every((id) => Number.isSafeInteger(id) && id > 0)) {
    throw new Error(`Not a user of an organization: ${organizationId}/${userId}`);
  }
  return sql.raw(`select * from user_view(${organizationId}, ${userId}, ${BOOKMARKS_LISTED_MAX})`);
}

function foundUserOf(organizationId: number, row: ViewRow | undefined): FoundUser | null {
  if (!row) return null;
  const view: UserView = {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    organization_id: organizationId,
    role: { name: row.role_display_name },
    role_name: row.role_name,
    full_role: fullRoleOfJson(row.role_row),
    bookmarked_clients: row.bookmarks,
  };
  return { view, active: row.active };
}

/** Inside a tenant's transaction (sign-in and refresh, which write in the same one). */
export async function findUserWithRole(tx: Tx, organizationId: number, userId: number): Promise<FoundUser | null> {
  const result = (await tx.execute(userViewStatement(organizationId, userId))) as unknown as { rows: ViewRow[] };
  return foundUserOf(organizationId, result.rows[0]);
}

/** GET /user: one read-only statement in one round trip (Database.readAsTenant), no transaction to open and commit. */
export async function readUserView(
  database: Database,
  organizationId: number,
  userId: number,
): Promise<FoundUser | null> {
  const [row] = await database.readAsTenant<ViewRow>(organizationId, userViewStatement(organizationId, userId));
  return foundUserOf(organizationId, row);
}
