import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * The bound organization, computed once per statement: current_org_id() checks the tenant
 * binding's HMAC (about 25 us), and written bare in a join or a lateral it would run again at
 * every inner index lookup (ADR 0173).
 */
export const boundOrganization = sql`(select current_org_id())`;

/** Runs one statement and gives its rows, whichever driver (PGlite or node-postgres) answered. */
export async function rowsOf<T>(tx: Tx, statement: SQL): Promise<T[]> {
  const result = (await tx.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** A date or timestamp as the YYYY-MM-DD the palette shows. */
export function dayOf(value: string | Date | null): string | undefined {
  if (value === null) return undefined;
  if (typeof value === 'string') return value.slice(0, 10);
  return value.toISOString().slice(0, 10);
}
