import { and, count, gt, inArray, lt, min, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInFailures } from '../../db/schema/index';
import { tooManyRequests } from '../../lib/errors';

export const FAILURE_WINDOW_SECONDS = 15 * 60;
/** Per account: enough for a person's typos; the window is short so an attacker can't lock him out for long. */
export const ACCOUNT_FAILURE_LIMIT = 10;
/** Per address: an office behind one NAT address shares it. */
export const ADDRESS_FAILURE_LIMIT = 50;

export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please try again later.';

/**
 * The account's count, or a known browser's own count of it (ADR 0206): an attacker who
 * fails ten times locks the account for unknown browsers only.
 */
const accountKey = (username: string, deviceId?: string) =>
  deviceId ? `user:${username.toLowerCase()}:device:${deviceId}` : `user:${username.toLowerCase()}`;
const addressKey = (address: string) => `ip:${address}`;

export type KeyLimit = { key: string; limit: number };

/** The hits one attempt counted: a failure keeps them, a success gives them back (releaseAttempt). */
export type AttemptClaim = { hitIds: number[] };

function windowStart(): Date {
  return new Date(Date.now() - FAILURE_WINDOW_SECONDS * 1000);
}

/**
 * Counts one hit for each key before the caller checks anything, or refuses with 429 and
 * Retry-After while a key already holds `limit` hits in the window. The keys are locked
 * (transaction-scoped advisory locks, in one order) for the count and the insert, so
 * attempts sent at once take turns here: each sees the hits of all earlier ones, and no
 * more than `limit` get through, however many arrive together (ADR 0091).
 */
export async function claimAttempt(db: Db, limits: KeyLimit[], message = TOO_MANY_ATTEMPTS): Promise<AttemptClaim> {
  const keys = [...new Set(limits.map((entry) => entry.key))].sort();
  const claim = await db.transaction(async (tx) => {
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const counted = await tx
      .select({ key: signInFailures.key, hits: count(), oldest: min(signInFailures.failedAt) })
      .from(signInFailures)
      .where(and(inArray(signInFailures.key, keys), gt(signInFailures.failedAt, windowStart())))
      .groupBy(signInFailures.key);
    for (const { key, limit } of limits) {
      const row = counted.find((entry) => entry.key === key);
      if (!row || row.hits < limit || !row.oldest) continue;
      const freeAt = new Date(row.oldest).getTime() + FAILURE_WINDOW_SECONDS * 1000;
      throw tooManyRequests(message, Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)));
    }
    const inserted = await tx
      .insert(signInFailures)
      .values(keys.map((key) => ({ key })))
      .returning({ id: signInFailures.id });
    return { hitIds: inserted.map((row) => row.id) };
  });
  await db.delete(signInFailures).where(lt(signInFailures.failedAt, windowStart()));
  return claim;
}

/** A checked attempt that passed is no failure: its own hits go, earlier failures stay. */
export async function releaseAttempt(db: Db, claim: AttemptClaim): Promise<void> {
  if (claim.hitIds.length === 0) return;
  await db.delete(signInFailures).where(inArray(signInFailures.id, claim.hitIds));
}

/** A sign-in attempt (password, e-mail code, passkey, current password) of an account from an address. */
export function claimSignInAttempt(
  db: Db,
  username: string,
  address: string,
  deviceId?: string,
): Promise<AttemptClaim> {
  return claimAttempt(db, [
    { key: accountKey(username, deviceId), limit: ACCOUNT_FAILURE_LIMIT },
    { key: addressKey(address), limit: ADDRESS_FAILURE_LIMIT },
  ]);
}

/** A successful sign-in forgives the failures of the count it was made against (not the address's). */
export async function clearAccountFailures(db: Db, username: string, deviceId?: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, accountKey(username, deviceId)));
}

/** Whether unknown browsers are locked out of the account now. */
export async function isAccountLocked(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ hits: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.key, accountKey(username)), gt(signInFailures.failedAt, windowStart())));
  return (row?.hits ?? 0) >= ACCOUNT_FAILURE_LIMIT;
}

/**
 * Takes the one unlock mail an account may be sent per window: false when one was already
 * sent, so an attacker who keeps the account locked cannot fill the person's mailbox.
 */
export async function claimUnlockMail(db: Db, username: string): Promise<boolean> {
  try {
    await claimAttempt(db, [{ key: `unlock-mail:${username.toLowerCase()}`, limit: 1 }]);
    return true;
  } catch {
    return false;
  }
}
