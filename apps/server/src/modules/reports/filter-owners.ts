import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { rowsOf } from '../ledger/rows';
import type { ReportRequest } from './report-query';

/**
 * A filter naming a client or person of another firm (or none) is 404, as any other call that
 * names a record it cannot see (SECURITY.md), rather than an empty report.
 */
export async function checkFilterOwners(tx: Tx, request: ReportRequest): Promise<void> {
  const [row] = rowsOf<{ client: boolean; staff: boolean; partner: boolean }>(
    await tx.execute(sql`select
      ${request.clientId ?? null}::int is null
        or exists (select 1 from clients where organization_id = ${request.organizationId} and id = ${request.clientId ?? null}::int) as client,
      ${request.staffId ?? null}::int is null
        or exists (select 1 from users where organization_id = ${request.organizationId} and id = ${request.staffId ?? null}::int) as staff,
      ${request.partnerId ?? null}::int is null
        or exists (select 1 from users where organization_id = ${request.organizationId} and id = ${request.partnerId ?? null}::int) as partner`),
  );
  if (!row?.client) throw notFound('Client not found');
  if (!row.staff) throw notFound('Staff member not found');
  if (!row.partner) throw notFound('Partner not found');
}
