import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clients } from '../../db/schema/index';

export const FIRST_CLIENT_CODE = 'C-1001';

/** The code after another one: its trailing number plus one, keeping prefix and zero padding (C-0099 -> C-0100). */
export function incrementCode(code: string): string {
  const match = /^(.*?)(\d+)$/.exec(code);
  if (!match) return `${code}-1`;
  const [, prefix = '', digits = ''] = match;
  const next = (BigInt(digits) + 1n).toString();
  return `${prefix}${next.padStart(digits.length, '0')}`;
}

async function isTaken(tx: Tx, organizationId: number, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), eq(sql`lower(${clients.code})`, code.toLowerCase())))
    .limit(1);
  return row !== undefined;
}

/**
 * Suggests the next client ID: the one after the highest number the firm's codes end with
 * (ties broken by the most recent), skipping codes already taken. A suggestion only: two
 * people may be offered the same one, and the unique index decides who keeps it.
 */
export async function suggestClientCode(tx: Tx, organizationId: number): Promise<string> {
  const [highest] = await tx
    .select({ code: clients.code })
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), sql`${clients.code} ~ '[0-9]+$'`))
    .orderBy(sql`substring(${clients.code} from '([0-9]+)$')::numeric desc`, sql`${clients.id} desc`)
    .limit(1);
  let candidate = highest ? incrementCode(highest.code) : FIRST_CLIENT_CODE;
  for (let attempt = 0; attempt < 50 && (await isTaken(tx, organizationId, candidate)); attempt += 1) {
    candidate = incrementCode(candidate);
  }
  return candidate;
}
