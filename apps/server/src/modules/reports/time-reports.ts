import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { availableMinutesSql } from './available-hours';
import { basisPoints } from './ratios';
import { basisPointsSql, pagedGroups, type PagedRows } from './report-page';
import type { ReportRequest } from './report-query';
import { groupColumn, oneRowPerGroup, rollupSource } from './rollup-grain';

const TIME_FIGURES = ['minutes', 'billable_minutes', 'non_billable_minutes', 'standard_cents'] as const;
// In the order the rows and totals have always had their keys (the CSV's columns follow them).
const UTILIZATION_SUMS = ['minutes', 'billable_minutes', 'available_minutes'] as const;
/** TIME_SUMS of a group that is one row: its figures as they are. */
const TIME_ROW = sql`r.minutes, r.billable_minutes, r.minutes - r.billable_minutes as non_billable_minutes, r.standard_cents`;
const TIME_SUMS = sql`sum(r.minutes) as minutes, sum(r.billable_minutes) as billable_minutes,
  sum(r.minutes - r.billable_minutes) as non_billable_minutes, sum(r.standard_cents) as standard_cents`;

/**
 * time-summary: hours, billable hours and standard value (billable time at its rate). When each
 * group is one rollup row (a month or a year of the client or person grain), the groups are
 * the rows (no grouping), the count and totals one pass over them, and a page of the whole firm
 * by client name may walk clients and probe each one's row (report-page.ts, ADR 0184).
 */
export async function timeSummary(tx: Tx, request: ReportRequest): Promise<PagedRows> {
  const source = rollupSource('time', request);
  const oneRow = oneRowPerGroup('time', request);
  return pagedGroups(
    tx,
    request,
    oneRow
      ? sql`select ${groupColumn('time', request)} as group_id, ${TIME_ROW} ${source} and r.entries <> 0`
      : sql`select ${groupColumn('time', request)} as group_id, ${TIME_SUMS} ${source} group by 1 having sum(r.entries) <> 0`,
    TIME_FIGURES,
    {},
    oneRow
      ? {
          totals: sql`select count(*) filter (where r.entries <> 0) as total_rows, coalesce(sum(r.minutes), 0) as minutes,
            coalesce(sum(r.billable_minutes), 0) as billable_minutes,
            coalesce(sum(r.minutes - r.billable_minutes), 0) as non_billable_minutes,
            coalesce(sum(r.standard_cents), 0) as standard_cents ${source}`,
          // By client, the client `l`'s row (rollupSource ends with its conditions).
          ...(request.groupBy === 'client'
            ? { clientFigures: sql`select ${TIME_SUMS} ${source} and r.client_id = l.id having sum(r.entries) <> 0` }
            : {}),
        }
      : {},
  );
}

function daysOf(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * utilization: billable hours / available hours per person and for the firm. Available =
 * the person's hours per week pro-rated by the period's calendar days. Everyone active with
 * hours to give is listed, and anyone who recorded time in the period. Computed, sorted and
 * paged in the database as the other reports are, labels read for the page only (ADR 0184);
 * available minutes and the ratio round as available-hours.ts and ratios.ts do.
 */
export async function utilization(tx: Tx, request: ReportRequest): Promise<PagedRows> {
  const days = daysOf(request.from, request.to);
  const answer = await pagedGroups(
    tx,
    request,
    sql`
      select u.id as group_id, ${availableMinutesSql(sql`u.available_minutes_per_week`, days)} as available_minutes,
        coalesce(w.minutes, 0) as minutes, coalesce(w.billable_minutes, 0) as billable_minutes
      from users u left join (
        select r.user_id, sum(r.minutes) as minutes, sum(r.billable_minutes) as billable_minutes
        ${rollupSource('time', { ...request, groupBy: 'staff' })}
        group by r.user_id having sum(r.entries) <> 0
      ) w on w.user_id = u.id
      where u.organization_id = ${request.organizationId}
        and (w.user_id is not null or (u.active and u.available_minutes_per_week > 0))
        ${request.staffId !== undefined ? sql`and u.id = ${request.staffId}` : sql``}`,
    UTILIZATION_SUMS,
    { utilization_bp: basisPointsSql(sql`g.billable_minutes`, sql`g.available_minutes`) },
  );
  const { available_minutes, minutes, billable_minutes } = answer.totals;
  return {
    ...answer,
    totals: {
      available_minutes: available_minutes!,
      minutes: minutes!,
      billable_minutes: billable_minutes!,
      utilization_bp: basisPoints(billable_minutes!, available_minutes!),
    },
  };
}
