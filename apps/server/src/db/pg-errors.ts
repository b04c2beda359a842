type PgLikeError = { code?: unknown; constraint?: unknown; cause?: unknown };

function pgErrorOf(error: unknown): PgLikeError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgLikeError;
    if (typeof candidate.code === 'string') return candidate;
    current = candidate.cause;
  }
  return null;
}

/** True when a query failed on a unique index (PostgreSQL 23505), through Drizzle's wrapping. */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23505';
}

/** True when PostgreSQL rolled the transaction back as a deadlock's victim (40P01). */
export function isDeadlock(error: unknown): boolean {
  return pgErrorOf(error)?.code === '40P01';
}
