import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { refreshTokens, users } from '../../db/schema/index';
import type { SessionTokens } from './cookies';
import { REFRESH_TOKEN_SECONDS, newCsrfValue, type TokenSigner } from './tokens';

type SessionOwner = { organizationId: number; userId: number };

/**
 * How long a just-rotated refresh token still answers a pair of its successor: long enough
 * for parallel refreshes of one browser and a slow network, short against a thief (ADR 0093).
 */
export const REFRESH_GRACE_SECONDS = 20;

async function signPair(tokens: TokenSigner, owner: SessionOwner, tokenId: string, familyId: string) {
  const accessCsrf = newCsrfValue();
  const refreshCsrf = newCsrfValue();
  const access = await tokens.signAccess({ ...owner, csrf: accessCsrf, familyId });
  const refresh = await tokens.signRefresh({ ...owner, csrf: refreshCsrf, tokenId, familyId });
  return { access, refresh, accessCsrf, refreshCsrf } satisfies SessionTokens;
}

async function storeRefreshToken(tx: Tx, owner: SessionOwner, familyId: string): Promise<string> {
  const id = randomUUID();
  await tx.insert(refreshTokens).values({
    organizationId: owner.organizationId,
    id,
    userId: owner.userId,
    familyId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
  });
  return id;
}

/** Starts a new token family for a fresh sign-in. */
export async function startSession(tx: Tx, tokens: TokenSigner, owner: SessionOwner): Promise<SessionTokens> {
  const familyId = randomUUID();
  const tokenId = await storeRefreshToken(tx, owner, familyId);
  // The people pages show when each person last signed in.
  await tx
    .update(users)
    .set({ lastSignInAt: new Date() })
    .where(and(eq(users.organizationId, owner.organizationId), eq(users.id, owner.userId)));
  return signPair(tokens, owner, tokenId, familyId);
}

export type RotationResult = { kind: 'rotated'; tokens: SessionTokens } | { kind: 'reused' } | { kind: 'revoked' };

function tokenKey(organizationId: number, tokenId: string) {
  return and(eq(refreshTokens.organizationId, organizationId), eq(refreshTokens.id, tokenId));
}

/**
 * The successor of a token rotated less than REFRESH_GRACE_SECONDS ago, while neither has
 * been revoked and the successor is still unused. Once the successor has been used, the old
 * token is only a replay.
 */
async function successorInGrace(tx: Tx, organizationId: number, tokenId: string): Promise<string | null> {
  const [used] = await tx
    .select({ usedAt: refreshTokens.usedAt, revokedAt: refreshTokens.revokedAt, replacedBy: refreshTokens.replacedBy })
    .from(refreshTokens)
    .where(tokenKey(organizationId, tokenId));
  if (!used?.usedAt || used.revokedAt || !used.replacedBy) return null;
  if (Date.now() - used.usedAt.getTime() > REFRESH_GRACE_SECONDS * 1000) return null;
  const [successor] = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        tokenKey(organizationId, used.replacedBy),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    );
  return successor?.id ?? null;
}

/**
 * Exchanges a refresh token for a new pair. A token is good once, but for a short grace
 * period after its use it answers a fresh pair of the token that replaced it: two parallel
 * refreshes of one browser both succeed. Presenting it after that, or after its successor
 * was used, means it was stolen or replayed, so its whole family is revoked.
 */
export async function rotateSession(
  tx: Tx,
  tokens: TokenSigner,
  owner: SessionOwner,
  tokenId: string,
  familyId: string,
): Promise<RotationResult> {
  // The conditional UPDATE locks the row: a parallel rotation of the same token waits here
  // for this transaction, then finds the token used and its successor in place.
  const [claimed] = await tx
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(tokenKey(owner.organizationId, tokenId), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ expiresAt: refreshTokens.expiresAt });
  if (!claimed) {
    const successorId = await successorInGrace(tx, owner.organizationId, tokenId);
    if (successorId) return { kind: 'rotated', tokens: await signPair(tokens, owner, successorId, familyId) };
    await revokeFamily(tx, owner.organizationId, familyId);
    return { kind: 'reused' };
  }
  if (claimed.expiresAt.getTime() <= Date.now()) return { kind: 'revoked' };
  const nextId = await storeRefreshToken(tx, owner, familyId);
  await tx.update(refreshTokens).set({ replacedBy: nextId }).where(tokenKey(owner.organizationId, tokenId));
  return { kind: 'rotated', tokens: await signPair(tokens, owner, nextId, familyId) };
}

export async function revokeFamily(tx: Tx, organizationId: number, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.organizationId, organizationId),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** Ends every session of a user: password reset, deactivation. */
export async function revokeAllSessions(tx: Tx, organizationId: number, userId: number): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.organizationId, organizationId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** Ends every session of a user but the one he is using: a password change from Settings. */
export async function revokeOtherSessions(
  tx: Tx,
  organizationId: number,
  userId: number,
  keepFamilyId: string | null,
): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.organizationId, organizationId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}
