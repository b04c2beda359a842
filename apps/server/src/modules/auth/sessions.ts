import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { refreshTokens } from '../../db/schema/index';
import type { SessionTokens } from './cookies';
import { REFRESH_TOKEN_SECONDS, newCsrfValue, type TokenSigner } from './tokens';

type SessionOwner = { organizationId: number; userId: number };

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
  return signPair(tokens, owner, tokenId, familyId);
}

export type RotationResult = { kind: 'rotated'; tokens: SessionTokens } | { kind: 'reused' } | { kind: 'revoked' };

/**
 * Exchanges a refresh token for a new pair. A token is good once: presenting a used one
 * means it was stolen or replayed, so its whole family is revoked.
 */
export async function rotateSession(
  tx: Tx,
  tokens: TokenSigner,
  owner: SessionOwner,
  tokenId: string,
  familyId: string,
): Promise<RotationResult> {
  const [claimed] = await tx
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.organizationId, owner.organizationId),
        eq(refreshTokens.id, tokenId),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ expiresAt: refreshTokens.expiresAt });
  if (!claimed) {
    await revokeFamily(tx, owner.organizationId, familyId);
    return { kind: 'reused' };
  }
  if (claimed.expiresAt.getTime() <= Date.now()) return { kind: 'revoked' };
  const nextId = await storeRefreshToken(tx, owner, familyId);
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
