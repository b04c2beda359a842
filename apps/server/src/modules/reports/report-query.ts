import {
  isoDate,
  recordIdText,
  REPORT_GROUPS,
  REPORT_NAMES,
  REPORT_PAGE_SIZE_MAX,
  REPORTS,
  type ReportGroup,
  type ReportName,
  type ReportSortOrder,
} from '@practice/shared';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';

export const reportParams = z.object({
  name: z.enum(REPORT_NAMES, { error: `Report must be one of ${REPORT_NAMES.join(', ')}` }),
});

export const reportQuery = z.object({
  from: z.optional(isoDate('From')),
  to: z.optional(isoDate('To')),
  group_by: z.optional(z.enum(REPORT_GROUPS, { error: `Group by must be one of ${REPORT_GROUPS.join(', ')}` })),
  client_id: z.optional(recordIdText('Client must be a client id')),
  staff_id: z.optional(recordIdText('Staff must be a user id')),
  partner_id: z.optional(recordIdText('Partner must be a user id')),
  format: z.optional(z.enum(['json', 'csv'], { error: 'Format must be json or csv' })),
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').max(100_000).default(1),
  page_size: z.coerce
    .number()
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(REPORT_PAGE_SIZE_MAX, `Page size must be at most ${REPORT_PAGE_SIZE_MAX}`)
    .default(REPORT_PAGE_SIZE_MAX)
    .describe('Rows per page; format=csv ignores the page and holds every row'),
  sort: z.optional(z.string().max(40)).describe("'label' (the default) or one of the report's figures"),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('asc'),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/** The longest period a report runs over: three years, the history a firm looks back on. */
export const MAX_MONTHS = 36;

/** What a report runs on once checked: whole months (or an as-of date) and its filters. */
export type ReportRequest = {
  name: ReportName;
  organizationId: number;
  /** First day of the first month. */
  from: string;
  /** Last day of the last month, or the as-of date of an aging. */
  to: string;
  groupBy: ReportGroup;
  clientId?: number;
  staffId?: number;
  partnerId?: number;
  /** Which rows to answer: `label` or a figure of the report, and the page (offset, limit). */
  sort: string;
  order: ReportSortOrder;
  offset: number;
  limit: number;
};

/** Every row of a report, as the CSV holds them (ADR 0107's cap, checked by the caller). */
export function everyRow(request: ReportRequest, limit: number): ReportRequest {
  return { ...request, offset: 0, limit };
}

function lastDayOfMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${date.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}

export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/**
 * The checks API.md leaves to the report: rollups are monthly (docs/decisions/0152), so a
 * period is whole months; a grouping or filter the report does not take is refused, not
 * ignored, so nobody reads an unfiltered figure as a filtered one.
 */
export function reportRequestOf(
  name: ReportName,
  query: ReportQuery,
  organizationId: number,
  today: string,
): ReportRequest {
  const shape = REPORTS[name];
  const groupBy = query.group_by ?? shape.groups[0]!;
  if (!shape.groups.includes(groupBy)) {
    throw badRequest(`${shape.title} groups by ${shape.groups.join(' or ')}`, { group_by: 'Not for this report' });
  }
  for (const filter of ['client_id', 'staff_id', 'partner_id'] as const) {
    if (query[filter] !== undefined && !shape.filters.includes(filter)) {
      throw badRequest(`${shape.title} has no ${filter.replace('_id', '')} filter`, {
        [filter]: 'Not for this report',
      });
    }
  }
  const sort = query.sort ?? 'label';
  if (sort !== 'label' && !shape.figures.includes(sort)) {
    throw badRequest(`${shape.title} sorts by label or ${shape.figures.join(', ')}`, {
      sort: 'Not a column of this report',
    });
  }
  let from = query.from ?? `${today.slice(0, 7)}-01`;
  const to = query.to ?? (shape.asOf ? today : lastDayOfMonth(today));
  if (shape.asOf) {
    from = `${to.slice(0, 7)}-01`;
  } else {
    if (!from.endsWith('-01')) throw badRequest('From must be the first day of a month', { from: 'First of a month' });
    if (to !== lastDayOfMonth(to)) throw badRequest('To must be the last day of a month', { to: 'Last of a month' });
    if (to < from) throw badRequest('To must be on or after From', { to: 'Before From' });
    if (monthsBetween(from, to) > MAX_MONTHS) {
      throw badRequest(`A report covers at most ${MAX_MONTHS} months`, { to: 'Too far from From' });
    }
  }
  return {
    name,
    organizationId,
    from,
    to,
    groupBy,
    clientId: query.client_id,
    staffId: query.staff_id,
    partnerId: query.partner_id,
    sort,
    order: query.order,
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  };
}
