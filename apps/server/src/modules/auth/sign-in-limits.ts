import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInFailures } from '../../db/schema/index';
import { tooManyRequests } from '../../lib/errors';

export const FAILURE_WINDOW_SECONDS = 15 * 60;
/** Per account: enough for a person's typos; the window is short so an attacker can't lock him out for long. */
export const ACCOUNT_FAILURE_LIMIT = 10;
/** Per address: an office behind one NAT address shares it. */
export const ADDRESS_FAILURE_LIMIT = 50;

export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please try again later.';

const accountKey = (username: string) => `user:${username.toLowerCase()}`;
const addressKey = (address: string) => `ip:${address}`;

function windowStart(): Date {
  return new Date(Date.now() - FAILURE_WINDOW_SECONDS * 1000);
}

/** Refuses with 429 and Retry-After while `key` has `limit` or more hits in the window. */
export async function checkKeyLimit(db: Db, key: string, limit: number, message = TOO_MANY_ATTEMPTS): Promise<void> {
  const [row] = await db
    .select({ failures: count(), oldest: min(signInFailures.failedAt) })
    .from(signInFailures)
    .where(and(eq(signInFailures.key, key), gt(signInFailures.failedAt, windowStart())));
  if (!row || row.failures < limit || !row.oldest) return;
  const freeAt = new Date(row.oldest).getTime() + FAILURE_WINDOW_SECONDS * 1000;
  throw tooManyRequests(message, Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)));
}

/** Refuses with 429 and Retry-After while the account or the address has too many recent failures. */
export async function checkSignInLimits(db: Db, username: string, address: string): Promise<void> {
  await checkKeyLimit(db, accountKey(username), ACCOUNT_FAILURE_LIMIT);
  await checkKeyLimit(db, addressKey(address), ADDRESS_FAILURE_LIMIT);
}

/** Counts one hit for each key in the window (and forgets hits older than the window). */
export async function recordKeyHits(db: Db, keys: string[]): Promise<void> {
  await db.insert(signInFailures).values(keys.map((key) => ({ key })));
  await db.delete(signInFailures).where(lt(signInFailures.failedAt, windowStart()));
}

export async function recordSignInFailure(db: Db, username: string, address: string): Promise<void> {
  await recordKeyHits(db, [accountKey(username), addressKey(address)]);
}

/** A successful sign-in forgives the account's failures (not the address's). */
export async function clearAccountFailures(db: Db, username: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, accountKey(username)));
}
