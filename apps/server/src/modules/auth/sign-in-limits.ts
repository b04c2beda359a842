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

async function checkKey(db: Db, key: string, limit: number): Promise<void> {
  const [row] = await db
    .select({ failures: count(), oldest: min(signInFailures.failedAt) })
    .from(signInFailures)
    .where(and(eq(signInFailures.key, key), gt(signInFailures.failedAt, windowStart())));
  if (!row || row.failures < limit || !row.oldest) return;
  const freeAt = new Date(row.oldest).getTime() + FAILURE_WINDOW_SECONDS * 1000;
  throw tooManyRequests(TOO_MANY_ATTEMPTS, Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)));
}

/** Refuses with 429 and Retry-After while the account or the address has too many recent failures. */
export async function checkSignInLimits(db: Db, username: string, address: string): Promise<void> {
  await checkKey(db, accountKey(username), ACCOUNT_FAILURE_LIMIT);
  await checkKey(db, addressKey(address), ADDRESS_FAILURE_LIMIT);
}

export async function recordSignInFailure(db: Db, username: string, address: string): Promise<void> {
  await db.insert(signInFailures).values([{ key: accountKey(username) }, { key: addressKey(address) }]);
  await db.delete(signInFailures).where(lt(signInFailures.failedAt, windowStart()));
}

/** A successful sign-in forgives the account's failures (not the address's). */
export async function clearAccountFailures(db: Db, username: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, accountKey(username)));
}
