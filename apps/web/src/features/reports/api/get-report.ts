import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { REPORTS, type ReportAnswer } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { lastDay, monthsOf } from '../components/report-period';
import type { ReportQuery } from '../components/use-report-query';

const figure = z.union([z.number(), z.null()]);
const answerSchema = z.object({
  name: z.string(),
  from: z.string(),
  to: z.string(),
  group_by: z.string(),
  rows: z.array(
    z.catchall(
      z.object({
        group: z.string(),
        id: z.union([z.number(), z.string()]),
        label: z.string(),
        code: z.optional(z.string()),
      }),
      z.union([figure, z.string()]),
    ),
  ),
  totals: z.record(z.string(), figure),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  sort: z.string(),
  order: z.enum(['asc', 'desc']),
});

/** How many groups a chart draws, read as a page of their own when the table's page is not all of them. */
export type ChartRanking = { sort: string; size: number };

/**
 * The API query of a report view: whole months of the period, or the as-of day of an aging,
 * sorted and paged as the table is (the CSV holds every row in that order), or the largest
 * groups a chart draws.
 */
export function reportPath(query: ReportQuery, today: string, format?: 'csv', ranking?: ChartRanking): string {
  const params = new URLSearchParams();
  if (REPORTS[query.name].asOf) {
    params.set('to', query.asOf || today);
  } else {
    const months = monthsOf(query.period, today, { from: query.from, to: query.to });
    params.set('from', `${months.from}-01`);
    params.set('to', lastDay(months.to));
  }
  params.set('group_by', query.groupBy);
  if (query.clientId) params.set('client_id', String(query.clientId));
  if (query.staffId) params.set('staff_id', String(query.staffId));
  if (query.partnerId) params.set('partner_id', String(query.partnerId));
  if (ranking) {
    params.set('sort', ranking.sort);
    params.set('order', 'desc');
    params.set('page_size', String(ranking.size));
  } else {
    if (query.sort !== 'label') params.set('sort', query.sort);
    if (query.order !== 'asc') params.set('order', query.order);
    if (query.page > 1 && !format) params.set('page', String(query.page));
  }
  if (format) params.set('format', format);
  return `/reports/${query.name}?${params.toString()}`;
}

async function fetchReport(path: string): Promise<ReportAnswer> {
  return parseAnswer(answerSchema, await api.get(path)) as unknown as ReportAnswer;
}

/** GET /reports/{name}: the page of rows of the view and the totals of all of them. */
export function useReport(query: ReportQuery, today: string) {
  const path = reportPath(query, today);
  return useQuery({ queryKey: ['reports', path], queryFn: () => fetchReport(path), placeholderData: keepPreviousData });
}

/**
 * The largest groups of the view for its chart, asked for only when the table's page does not
 * hold every row (a whole firm by client): otherwise the chart ranks the page's rows itself.
 */
export function useChartRows(query: ReportQuery, today: string, ranking: ChartRanking | undefined, enabled: boolean) {
  const path = ranking ? reportPath(query, today, undefined, ranking) : '';
  return useQuery({
    queryKey: ['reports', path],
    queryFn: () => fetchReport(path),
    enabled: enabled && ranking !== undefined,
    placeholderData: keepPreviousData,
  });
}
