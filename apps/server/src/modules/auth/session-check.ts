import { sql } from 'drizzle-orm';
import type { FullRole } from '@practice/shared';
import type { Database } from '../../db/client';
import { fullRoleOfJson, type RoleJson } from '../users/full-role';
import type { AccessClaims } from './tokens';

export type SessionCheck =
  | { kind: 'signed-in'; username: string; fullRole: FullRole }
  | { kind: 'revoked' }
  | { kind: 'no-user' }
  | { kind: 'malformed' };

type CheckRow = { live: boolean; username: string | null; active: boolean | null; role_row: RoleJson };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * What the auth guard needs on every call, in one statement under the organization's
 * row-level security: is the token's session family still live, and the user (active) with
 * his role. No bookmarks: only GET /user shows them.
 */
export async function checkSession(database: Database, claims: AccessClaims): Promise<SessionCheck> {
  const { organizationId, userId, familyId } = claims;
  // The values are written into the statement's text (one round trip, no query builder on
  // every call, ADR 0178): only well-formed ones go, integers and a lower-case UUID.
  const wellFormed = [organizationId, userId].every((id) => Number.isSafeInteger(id) && id > 0) && UUID.test(familyId);
  if (!wellFormed) return { kind: 'malformed' };
  // session_check (migration 0009) is PL/pgSQL so that each connection plans it once (ADR 0089).
  const [row] = await database.readAsTenant<CheckRow>(
    organizationId,
    sql.raw(`select * from session_check(${organizationId}, ${userId}, '${familyId}'::uuid)`),
  );
  if (!row?.live) return { kind: 'revoked' };
  if (!row.username || !row.active) return { kind: 'no-user' };
  return { kind: 'signed-in', username: row.username, fullRole: fullRoleOfJson(row.role_row) };
}
