import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_REUSED } from '@practice/shared';
import { z } from 'zod';
import { withTenant, type Db, type Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/index';
import { AppError, badRequest } from '../../lib/errors';
import { isUniqueViolation } from '../../db/pg-errors';

export const BAD_IDEMPOTENCY_KEY = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible characters`;
export const IDEMPOTENCY_KEY_REQUIRED = 'Idempotency-Key is required: one key per payment, the same on a retry';

const VISIBLE_KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header, or undefined when none was sent; anything else than visible ASCII is 400. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !VISIBLE_KEY.test(header)) throw badRequest(BAD_IDEMPOTENCY_KEY);
  return header;
}

/**
 * The headers schema of a call that cannot run without an Idempotency-Key (ADR 0186): missing
 * or malformed is 400 before anything is read or written, and the OpenAPI document names the
 * header as a required parameter. The other headers pass untouched.
 */
export const requiredIdempotencyKeyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: (issue) => (issue.input === undefined ? IDEMPOTENCY_KEY_REQUIRED : BAD_IDEMPOTENCY_KEY) })
    .regex(VISIBLE_KEY, BAD_IDEMPOTENCY_KEY)
    .describe(
      `One key per payment the client means to make (1 to ${IDEMPOTENCY_KEY_MAX} visible characters), sent again on a retry: ` +
        'the same key and body give the first answer again and start nothing; the same key with another body is 409',
    ),
});

/**
 * The headers schema of a call that takes an Idempotency-Key if one is sent (POST /payments):
 * the OpenAPI document names it; idempotencyKeyOf checks it, so the 400 stays the same.
 */
export const optionalIdempotencyKeyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      `One key per payment (1 to ${IDEMPOTENCY_KEY_MAX} visible characters), sent again on a retry: the same key ` +
        'and body give the first answer again and record nothing; the same key with another body is 409',
    ),
});

/** JSON with object keys sorted, so that the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestDigest(call: string, body: unknown): Buffer {
  return createHash('sha256').update(call).update('\n').update(canonical(body)).digest();
}

/** The first answer under this key, if any; the same key with another request is 409. */
export async function priorAnswer<T>(
  tx: Tx,
  organizationId: number,
  key: string,
  digest: Buffer,
): Promise<T | undefined> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.organizationId, organizationId), eq(idempotencyKeys.key, key)));
  if (!row) return undefined;
  if (!Buffer.from(row.requestDigest).equals(digest)) throw new AppError(409, IDEMPOTENCY_KEY_REUSED);
  return row.response as T;
}

/**
 * Runs a money-creating call at most once per key (API.md conventions). `lock` takes the
 * call's locks (what it answers is handed to `work`); under them the key is looked up, so a
 * repeat queued behind the first call finds its answer. (A lookup before the locks, in a
 * transaction of its own, answered no repeat that this one does not, and cost every call a
 * transaction: ADR 0174.) The key's row is inserted in the call's own transaction: a repeat
 * that still got past fails on the key's primary key, rolls back everything it made, and
 * answers the stored first answer.
 */
export async function onceForKey<T, L>(
  db: Db,
  organizationId: number,
  request: { key: string | undefined; digest: Buffer },
  lock: (tx: Tx) => Promise<L>,
  work: (tx: Tx, locked: L) => Promise<T>,
): Promise<T> {
  const { key, digest } = request;
  if (key === undefined) {
    return withTenant(db, organizationId, async (tx) => work(tx, await lock(tx)));
  }
  try {
    return await withTenant(db, organizationId, async (tx) => {
      const locked = await lock(tx);
      const queued = await priorAnswer<T>(tx, organizationId, key, digest);
      if (queued !== undefined) return queued;
      const answer = await work(tx, locked);
      await tx.insert(idempotencyKeys).values({ organizationId, key, requestDigest: digest, response: answer });
      return answer;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const first = await withTenant(db, organizationId, (tx) => priorAnswer<T>(tx, organizationId, key, digest));
    if (first === undefined) throw error;
    return first;
  }
}
