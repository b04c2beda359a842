import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError, unauthorized } from '../../lib/errors';
import type { OrganizationLookup } from '../../plugins/tenancy';
import { findUserWithRole, readUserView, type UserView } from '../users/user-view';
import type { SessionTokens } from './cookies';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { rotateSession, startSession } from './sessions';
import { deviceOf } from './known-device';
import { claimSignInAttempt, clearAccountFailures, isAccountLocked, releaseAttempt } from './sign-in-limits';
import { sendUnlockLinkOnce } from './unlock-link';

export const INVALID_CREDENTIALS = 'Invalid username or password';

type Credentials = { username: string; password: string };
export type SignedIn = { user: UserView; tokens: SessionTokens };

export type CandidateUser = { organizationId: number; id: number; passwordHash: string; active: boolean };

/** Usernames are global, so this lookup runs before any tenant is known: as the owner, one column set. */
export async function findCandidate(context: AppContext, username: string): Promise<CandidateUser | null> {
  const [row] = await context.database.db
    .select({
      organizationId: users.organizationId,
      id: users.id,
      passwordHash: users.passwordHash,
      active: users.active,
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return row ?? null;
}

export function belongsToRequest(lookup: OrganizationLookup, organizationId: number): boolean {
  if (lookup.kind === 'none') return true;
  return lookup.kind === 'found' && lookup.organization.id === organizationId;
}

/**
 * Checks a username and password. Unknown user, wrong password, inactive account and an
 * account of another organization than the request's all get the same answer in similar time.
 * The attempt is counted before the check and given back when the password is right; the
 * account's earlier failures are forgiven only once every factor has passed
 * (forgiveAccountFailures), so wrong e-mail codes keep counting against the account.
 * A browser the user signed in from before counts its failures apart (ADR 0206); an unknown
 * one refused because the account is locked sends the owner his unlock link, once a window.
 */
export async function verifyCredentials(
  context: AppContext,
  credentials: Credentials,
  lookup: OrganizationLookup,
  request: { address: string; deviceCookie: string | undefined },
): Promise<CandidateUser & { deviceId: string | undefined }> {
  const { db } = context.database;
  const candidate = await findCandidate(context, credentials.username);
  const deviceId = candidate
    ? deviceOf(context.config.secretKey, request.deviceCookie, {
        organizationId: candidate.organizationId,
        userId: candidate.id,
      })
    : undefined;
  const claim = await claimSignInAttempt(db, credentials.username, request.address, deviceId).catch(
    async (error: unknown) => {
      if (error instanceof AppError && error.status === 429 && candidate?.active && !deviceId) {
        if (await isAccountLocked(db, credentials.username)) {
          await sendUnlockLinkOnce(context, { ...candidate, username: credentials.username });
        }
      }
      throw error;
    },
  );
  const passwordOk = candidate
    ? await verifyPassword(candidate.passwordHash, credentials.password)
    : (await burnPasswordCheck(credentials.password), false);
  if (!candidate || !passwordOk || !candidate.active || !belongsToRequest(lookup, candidate.organizationId)) {
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await releaseAttempt(db, claim);
  return { ...candidate, deviceId };
}

/** A completed sign-in forgives the failures of the count it was made against (not the address's). */
export async function forgiveAccountFailures(context: AppContext, username: string, deviceId?: string): Promise<void> {
  await clearAccountFailures(context.database.db, username, deviceId);
}

/** Opens a session for a user whose factors are all checked. */
export async function completeSignIn(context: AppContext, organizationId: number, userId: number): Promise<SignedIn> {
  return withTenant(context.database.db, organizationId, async (tx) => {
    const found = await findUserWithRole(tx, organizationId, userId);
    if (!found) throw unauthorized(INVALID_CREDENTIALS);
    const tokens = await startSession(tx, context.tokens, { organizationId, userId });
    return { user: found.view, tokens };
  });
}

export type RefreshOutcome = { kind: 'ok'; signedIn: SignedIn } | { kind: 'refused'; message: string };

/** Like every signed-in call, a refresh at another organization's host or page is refused (403), token unspent. */
export async function refreshSession(
  context: AppContext,
  refreshToken: string | undefined,
  csrfHeader: unknown,
  lookup: OrganizationLookup,
) {
  if (!refreshToken) return { kind: 'refused', message: 'No authentication token found' } as const;
  const verdict = await context.tokens.verifyRefresh(refreshToken);
  if (!verdict.ok) {
    return { kind: 'refused', message: verdict.reason === 'expired' ? 'Token has expired' : 'Invalid token' } as const;
  }
  const { organizationId, userId, tokenId, familyId, csrf } = verdict.claims;
  if (csrfHeader !== csrf) return { kind: 'csrf' } as const;
  if (!belongsToRequest(lookup, organizationId)) return { kind: 'organization' } as const;
  const outcome = await withTenant(context.database.db, organizationId, async (tx): Promise<RefreshOutcome> => {
    const found = await findUserWithRole(tx, organizationId, userId);
    if (!found || !found.active) return { kind: 'refused', message: 'User not found' };
    const rotation = await rotateSession(tx, context.tokens, { organizationId, userId }, tokenId, familyId);
    if (rotation.kind === 'reused') return { kind: 'refused', message: 'Token has been revoked' };
    if (rotation.kind === 'revoked') return { kind: 'refused', message: 'Token has expired' };
    return { kind: 'ok', signedIn: { user: found.view, tokens: rotation.tokens } };
  });
  return outcome;
}

export async function currentUser(context: AppContext, organizationId: number, userId: number): Promise<UserView> {
  const found = await readUserView(context.database, organizationId, userId);
  if (!found) throw unauthorized('User not found');
  return found.view;
}
