import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * Two writes that need nothing of each other, sent as one statement (one round trip): the first
 * as a data-modifying WITH, which PostgreSQL always runs to completion. Only for writes whose
 * tables' triggers need no order between them. As SQL, not as query builders: drizzle puts a
 * builder in parentheses, where an INSERT may not stand.
 */
export async function writeBoth(tx: Tx, first: SQLWrapper, second: SQLWrapper): Promise<void> {
  await tx.execute(sql`with first_write as (${first.getSQL()}) ${second.getSQL()}`);
}
