import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { signInAttempts, users } from '../../db/schema/index';
import { newTenantToken } from '../verifications/secrets';

/** How long a password stays accepted while the user fetches his code. */
export const ATTEMPT_SECONDS = 30 * 60;
/** SECURITY.md: the codes of an attempt are void after 5 wrong tries. */
export const MAX_WRONG_CODES = 5;
export const MAX_CODES_PER_ATTEMPT = 5;

type Owner = { organizationId: number; userId: number };

/** Records an accepted password and answers the token the pending-2FA cookie carries. */
export async function openAttempt(tx: Tx, hash: (value: string) => string, owner: Owner): Promise<string> {
  const now = new Date();
  await tx
    .delete(signInAttempts)
    .where(
      and(
        eq(signInAttempts.organizationId, owner.organizationId),
        eq(signInAttempts.userId, owner.userId),
        lte(signInAttempts.expiresAt, now),
      ),
    );
  const token = newTenantToken(owner.organizationId);
  await tx.insert(signInAttempts).values({
    organizationId: owner.organizationId,
    id: randomUUID(),
    userId: owner.userId,
    tokenHash: hash(token),
    expiresAt: new Date(now.getTime() + ATTEMPT_SECONDS * 1000),
  });
  return token;
}

export type LiveAttempt = {
  id: string;
  organizationId: number;
  userId: number;
  username: string;
  email: string;
  firstName: string;
  codesSent: number;
  expiresAt: Date;
};

/** The attempt a token names, while it is unexpired, unfinished, under the wrong-code limit and its user active. */
export async function findLiveAttempt(tx: Tx, organizationId: number, tokenHash: string): Promise<LiveAttempt | null> {
  const [row] = await tx
    .select({
      id: signInAttempts.id,
      organizationId: signInAttempts.organizationId,
      userId: signInAttempts.userId,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      codesSent: signInAttempts.codesSent,
      expiresAt: signInAttempts.expiresAt,
    })
    .from(signInAttempts)
    .innerJoin(users, and(eq(users.organizationId, signInAttempts.organizationId), eq(users.id, signInAttempts.userId)))
    .where(
      and(
        eq(signInAttempts.organizationId, organizationId),
        eq(signInAttempts.tokenHash, tokenHash),
        isNull(signInAttempts.completedAt),
        gt(signInAttempts.expiresAt, new Date()),
        lt(signInAttempts.failedTries, MAX_WRONG_CODES),
        eq(users.active, true),
      ),
    );
  return row ?? null;
}

function attemptKey(organizationId: number, attemptId: string) {
  return and(eq(signInAttempts.organizationId, organizationId), eq(signInAttempts.id, attemptId));
}

/**
 * Takes one of the attempt's code mails before sending it: a conditional UPDATE, so requests
 * sent at once cannot all read the count from before any of them. False once all are used.
 */
export async function takeCodeMail(tx: Tx, organizationId: number, attemptId: string): Promise<boolean> {
  const taken = await tx
    .update(signInAttempts)
    .set({ codesSent: sql`${signInAttempts.codesSent} + 1` })
    .where(and(attemptKey(organizationId, attemptId), lt(signInAttempts.codesSent, MAX_CODES_PER_ATTEMPT)))
    .returning({ id: signInAttempts.id });
  return taken.length === 1;
}

/**
 * Counts a code try as wrong before the code is checked, while the attempt is live and under
 * the wrong-code limit. The row stays locked until the caller's transaction ends, so the tries
 * of one attempt take turns. False when the attempt is void, finished or expired.
 */
export async function takeCodeTry(tx: Tx, organizationId: number, attemptId: string): Promise<boolean> {
  const taken = await tx
    .update(signInAttempts)
    .set({ failedTries: sql`${signInAttempts.failedTries} + 1` })
    .where(
      and(
        attemptKey(organizationId, attemptId),
        isNull(signInAttempts.completedAt),
        gt(signInAttempts.expiresAt, new Date()),
        lt(signInAttempts.failedTries, MAX_WRONG_CODES),
      ),
    )
    .returning({ id: signInAttempts.id });
  return taken.length === 1;
}

/** Finishes the attempt whose try (takeCodeTry, same transaction) had the right code, giving that try back. */
export async function closeAttempt(tx: Tx, organizationId: number, attemptId: string): Promise<boolean> {
  const closed = await tx
    .update(signInAttempts)
    .set({ completedAt: new Date(), failedTries: sql`${signInAttempts.failedTries} - 1` })
    .where(and(attemptKey(organizationId, attemptId), isNull(signInAttempts.completedAt)))
    .returning({ id: signInAttempts.id });
  return closed.length === 1;
}

/** A new password ends every half-finished sign-in of the user. */
export async function voidOpenAttempts(tx: Tx, owner: Owner): Promise<void> {
  await tx
    .update(signInAttempts)
    .set({ completedAt: new Date() })
    .where(
      and(
        eq(signInAttempts.organizationId, owner.organizationId),
        eq(signInAttempts.userId, owner.userId),
        isNull(signInAttempts.completedAt),
      ),
    );
}
