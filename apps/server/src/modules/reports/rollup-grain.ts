import { sql, type SQL } from 'drizzle-orm';
import type { ReportGroup } from '@practice/shared';
import type { ReportRequest } from './report-query';

/**
 * Which monthly rollup of migration 0039 answers a grouping and its filters with the fewest
 * rows (docs/decisions/0152): the client grain for the whole firm by client or partner, the
 * staff-and-activity grain by staff or activity, the finest grain when a client or partner
 * filter narrows it to a few clients (its client index) or a staff filter meets a client-side
 * grouping (its user index).
 */
export function rollupTable(family: 'time' | 'billing', request: ReportRequest): string {
  const byClient = request.groupBy === 'client' || request.groupBy === 'partner';
  const narrowedByClient = request.clientId !== undefined || request.partnerId !== undefined;
  if (narrowedByClient || (byClient && request.staffId !== undefined)) return `report_${family}_months`;
  return byClient ? `report_${family}_client_months` : `report_${family}_user_months`;
}

/** The group id of a rollup row `r` (partner through the client `c`). */
export function groupColumn(group: ReportGroup): SQL {
  switch (group) {
    case 'client':
      return sql`r.client_id`;
    case 'staff':
      return sql`r.user_id`;
    case 'activity':
      return sql`r.activity_type_id`;
    case 'partner':
      return sql`coalesce(c.responsible_partner_id, 0)`;
    default:
      throw new Error(`no rollup column for ${group}`);
  }
}

/** FROM and WHERE over a rollup for the request's months and filters. */
export function rollupSource(family: 'time' | 'billing', request: ReportRequest): SQL {
  const table = sql.raw(rollupTable(family, request));
  const needsClient = request.groupBy === 'partner' || request.partnerId !== undefined;
  const conditions = [
    sql`r.organization_id = ${request.organizationId}`,
    sql`r.month between ${request.from}::date and ${request.to}::date`,
    ...(request.clientId !== undefined ? [sql`r.client_id = ${request.clientId}`] : []),
    ...(request.staffId !== undefined ? [sql`r.user_id = ${request.staffId}`] : []),
    ...(request.partnerId !== undefined ? [sql`c.responsible_partner_id = ${request.partnerId}`] : []),
  ];
  return sql`from ${table} r ${
    needsClient ? sql`join clients c on c.organization_id = r.organization_id and c.id = r.client_id` : sql``
  } where ${sql.join(conditions, sql` and `)}`;
}
