import type { ReportAnswer, ReportName } from '@practice/shared';
import { withTenant, type Database } from '../../db/client';
import { CSV_EXPORT_MAX_ROWS, tooManyRows } from '../../lib/csv';
import type { SessionUser } from '../../plugins/route-permission';
import { readBillingSettings } from '../invoices/billing-settings';
import { arAging, wipAging } from './aging-reports';
import { checkFilterOwners } from './filter-owners';
import { collections, revenueByMonth } from './money-reports';
import { realization } from './realization-report';
import { everyRow, reportRequestOf, type ReportQuery } from './report-query';
import { timeSummary, utilization } from './time-reports';

/**
 * GET /reports/{name} (API.md "Reports"): the checked request, then the report's figures: the
 * page of rows asked for, or with format=csv every row (at most CSV_EXPORT_MAX_ROWS, ADR 0107).
 */
export async function readReport(
  database: Database,
  actor: SessionUser,
  name: ReportName,
  query: ReportQuery,
): Promise<ReportAnswer> {
  const { db } = database;
  const checked = await withTenant(db, actor.organizationId, async (tx) => {
    const { today } = await readBillingSettings(tx, actor.organizationId);
    const checked = reportRequestOf(name, query, actor.organizationId, today);
    await checkFilterOwners(tx, checked);
    return checked;
  });
  const request = query.format === 'csv' ? everyRow(checked, CSV_EXPORT_MAX_ROWS) : checked;
  // GET /ledger/aging runs in its own transaction (one connection on PGlite: none around it).
  const figures =
    name === 'ar-aging'
      ? await arAging(database, actor, request)
      : await withTenant(db, actor.organizationId, (tx) => {
          switch (name) {
            case 'time-summary':
              return timeSummary(tx, request);
            case 'utilization':
              return utilization(tx, request);
            case 'realization':
              return realization(tx, request);
            case 'revenue-by-month':
              return revenueByMonth(tx, request);
            case 'wip-aging':
              return wipAging(tx, request);
            case 'collections':
              return collections(tx, request);
            default:
              throw new Error(`no report ${name}`);
          }
        });
  if (query.format === 'csv' && figures.total > CSV_EXPORT_MAX_ROWS) throw tooManyRows();
  return {
    name,
    from: request.from,
    to: request.to,
    group_by: request.groupBy,
    ...figures,
    page: query.format === 'csv' ? 1 : query.page,
    page_size: request.limit,
    sort: request.sort,
    order: request.order,
  };
}
