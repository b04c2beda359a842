import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isoDate } from '@practice/shared';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';

export const wipQuery = z.object({ as_of: z.optional(isoDate('As of')) });
export type WipQuery = z.infer<typeof wipQuery>;

/**
 * GET /clients/{id}/wip: the client's completed billable time and expenses that are on no
 * invoice (a draft sets invoice_id, a void clears it), dated on or before `as_of` if given.
 * The answer (the WipAnswer of @practice/shared) is built by `client_wip` (migration 0034) as
 * JSON text: one read-only statement sent with the tenant settings in one round trip, planned
 * once per connection (ADR 0089), instead of four statements in a transaction (ADR 0140).
 * The text is sent as it is: parsing it only to serialize it again would cost the server.
 */
export async function readWipJson(database: Database, actor: SessionUser, clientId: number, query: WipQuery) {
  const [row] = await database.readAsTenant<{ answer: string | null }>(
    actor.organizationId,
    sql`select client_wip(${actor.organizationId}, ${clientId}, ${query.as_of ?? null}::date) as answer`,
  );
  if (!row?.answer) throw notFound('Client not found');
  return row.answer;
}
