import { sql } from 'drizzle-orm';
import { PERMISSION_FLAGS, type FullRole } from '@practice/shared';
import type { Database } from '../../db/client';
import type { AccessClaims } from './tokens';

export type SessionCheck =
  | { kind: 'signed-in'; username: string; fullRole: FullRole }
  | { kind: 'revoked' }
  | { kind: 'no-user' }
  | { kind: 'malformed' };

type CheckRow = { live: boolean; username: string | null; active: boolean | null } & Record<
  keyof FullRole,
  boolean | null
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The role's columns are named as the SPEC 3 flags: the row is the full role as it is.
const ROLE_COLUMNS = sql.raw(['all', ...PERMISSION_FLAGS].map((column) => `r."${column}"`).join(', '));

function fullRoleOf(row: CheckRow): FullRole {
  const fullRole = { all: row.all === true } as FullRole;
  for (const flag of PERMISSION_FLAGS) fullRole[flag] = row[flag] === true;
  return fullRole;
}

/**
 * What the auth guard needs on every call, in one statement under the organization's
 * row-level security: is the token's session family still live, and the user (active) with
 * his role. No bookmarks: only GET /user shows them.
 */
export async function checkSession(database: Database, claims: AccessClaims): Promise<SessionCheck> {
  const { organizationId, userId, familyId } = claims;
  // The values are inlined into the statement (one round trip): only well-formed ones go.
  const wellFormed = [organizationId, userId].every((id) => Number.isSafeInteger(id) && id > 0) && UUID.test(familyId);
  if (!wellFormed) return { kind: 'malformed' };
  const [row] = await database.readAsTenant<CheckRow>(
    organizationId,
    sql`select exists (
        select 1 from refresh_tokens t
        where t.organization_id = ${organizationId} and t.family_id = ${familyId}::uuid and t.revoked_at is null
      ) as live, u.username, u.active, ${ROLE_COLUMNS}
      from (values (1)) as one (n)
      left join (users u join roles r on r.organization_id = u.organization_id and r.id = u.role_id)
        on u.organization_id = ${organizationId} and u.id = ${userId}`,
  );
  if (!row?.live) return { kind: 'revoked' };
  if (!row.username || !row.active) return { kind: 'no-user' };
  return { kind: 'signed-in', username: row.username, fullRole: fullRoleOf(row) };
}
