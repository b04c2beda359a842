import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../ledger/rows';
import { availableMinutes, availableMinutesPerWeek } from './available-hours';
import { labelled } from './group-labels';
import { basisPoints, sumFigures } from './ratios';
import { pagedGroups, pageOfRows, type PagedRows } from './report-page';
import type { ReportRequest } from './report-query';
import { groupColumn, rollupSource } from './rollup-grain';

const TIME_FIGURES = ['minutes', 'billable_minutes', 'non_billable_minutes', 'standard_cents'] as const;

/** time-summary: hours, billable hours and standard value (billable time at its rate). */
export async function timeSummary(tx: Tx, request: ReportRequest): Promise<PagedRows> {
  return pagedGroups(
    tx,
    request,
    sql`
      select ${groupColumn(request.groupBy)} as group_id, sum(r.minutes) as minutes,
        sum(r.billable_minutes) as billable_minutes, sum(r.minutes - r.billable_minutes) as non_billable_minutes,
        sum(r.standard_cents) as standard_cents
      ${rollupSource('time', request)}
      group by 1 having sum(r.entries) <> 0`,
    TIME_FIGURES,
  );
}

function daysOf(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * utilization: billable hours / available hours per person and for the firm. Available =
 * the person's hours per week pro-rated by the period's calendar days. Everyone active with
 * hours to give is listed, and anyone who recorded time in the period.
 */
export async function utilization(tx: Tx, request: ReportRequest): Promise<PagedRows> {
  const days = daysOf(request.from, request.to);
  const figures = rowsOf<{ group_id: number; per_week: number; minutes: string; billable_minutes: string }>(
    await tx.execute(sql`
      with worked as (
        select r.user_id, sum(r.minutes) as minutes, sum(r.billable_minutes) as billable_minutes
        ${rollupSource('time', { ...request, groupBy: 'staff' })}
        group by r.user_id having sum(r.entries) <> 0
      )
      select u.id as group_id, ${availableMinutesPerWeek('u')} as per_week,
        coalesce(w.minutes, 0) as minutes, coalesce(w.billable_minutes, 0) as billable_minutes
      from users u left join worked w on w.user_id = u.id
      where u.organization_id = ${request.organizationId}
        and (w.user_id is not null or (u.active and ${availableMinutesPerWeek('u')} > 0))
        ${request.staffId !== undefined ? sql`and u.id = ${request.staffId}` : sql``}`),
  );
  const withAvailable = figures.map(({ per_week, ...row }) => {
    const available = availableMinutes(Number(per_week), days);
    return {
      ...row,
      available_minutes: available,
      utilization_bp: basisPoints(Number(row.billable_minutes), available),
    };
  });
  const rows = await labelled(tx, request.organizationId, 'staff', withAvailable);
  const totals = sumFigures(rows, ['available_minutes', 'minutes', 'billable_minutes']);
  return {
    rows: pageOfRows(rows, request),
    totals: { ...totals, utilization_bp: basisPoints(totals.billable_minutes!, totals.available_minutes!) },
    total: rows.length,
  };
}
