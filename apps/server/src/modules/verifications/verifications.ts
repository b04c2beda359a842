import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { verifications, type VerificationType } from '../../db/schema/index';

type Owner = { organizationId: number; userId: number };

export type NewVerification = Owner & {
  type: VerificationType;
  secretHash: string;
  ttlSeconds: number;
  signInAttemptId?: string;
};

export type Verification = typeof verifications.$inferSelect;

/**
 * Stores a new secret for a user and drops the ones it replaces: his earlier secrets of the
 * same type (for the same sign-in attempt, when bound to one) and his expired ones.
 */
export async function issueVerification(tx: Tx, input: NewVerification): Promise<void> {
  const now = new Date();
  const sameKind = and(
    eq(verifications.type, input.type),
    input.signInAttemptId ? eq(verifications.signInAttemptId, input.signInAttemptId) : undefined,
  );
  await tx
    .delete(verifications)
    .where(
      and(
        eq(verifications.organizationId, input.organizationId),
        eq(verifications.userId, input.userId),
        or(sameKind, lte(verifications.expiresAt, now)),
      ),
    );
  await tx.insert(verifications).values({
    organizationId: input.organizationId,
    id: randomUUID(),
    userId: input.userId,
    type: input.type,
    secretHash: input.secretHash,
    signInAttemptId: input.signInAttemptId ?? null,
    expiresAt: new Date(now.getTime() + input.ttlSeconds * 1000),
  });
}

type Lookup = { organizationId: number; type: VerificationType; secretHash: string };

function usable(lookup: Lookup) {
  return and(
    eq(verifications.organizationId, lookup.organizationId),
    eq(verifications.type, lookup.type),
    eq(verifications.secretHash, lookup.secretHash),
    isNull(verifications.usedAt),
    gt(verifications.expiresAt, new Date()),
  );
}

/** The unused, unexpired secret with this hash, without using it up. */
export async function findVerification(tx: Tx, lookup: Lookup): Promise<Verification | null> {
  const [row] = await tx.select().from(verifications).where(usable(lookup));
  return row ?? null;
}

/**
 * Uses a secret up. The conditional UPDATE makes it good exactly once, also when two
 * requests present it at the same moment.
 */
export async function consumeVerification(tx: Tx, lookup: Lookup): Promise<Verification | null> {
  const [row] = await tx.update(verifications).set({ usedAt: new Date() }).where(usable(lookup)).returning();
  return row ?? null;
}

/** Voids every unused secret of a type for a user: a new password makes old reset links worthless. */
export async function voidVerifications(tx: Tx, owner: Owner, type: VerificationType): Promise<void> {
  await tx
    .delete(verifications)
    .where(
      and(
        eq(verifications.organizationId, owner.organizationId),
        eq(verifications.userId, owner.userId),
        eq(verifications.type, type),
        isNull(verifications.usedAt),
      ),
    );
}
