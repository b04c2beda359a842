import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { REPORTS, type ReportAnswer } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { isoDay, lastDay, monthsOf } from '../components/report-period';
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
});

/** The API query of a report view: whole months of the period, or the as-of day of an aging. */
export function reportPath(query: ReportQuery, today: Date, format?: 'csv'): string {
  const params = new URLSearchParams();
  if (REPORTS[query.name].asOf) {
    params.set('to', query.asOf || isoDay(today));
  } else {
    const months = monthsOf(query.period, today, { from: query.from, to: query.to });
    params.set('from', `${months.from}-01`);
    params.set('to', lastDay(months.to));
  }
  params.set('group_by', query.groupBy);
  if (query.clientId) params.set('client_id', String(query.clientId));
  if (query.staffId) params.set('staff_id', String(query.staffId));
  if (query.partnerId) params.set('partner_id', String(query.partnerId));
  if (format) params.set('format', format);
  return `/reports/${query.name}?${params.toString()}`;
}

/** GET /reports/{name}: the rows and totals of the view. */
export function useReport(query: ReportQuery, today: Date) {
  const path = reportPath(query, today);
  return useQuery({
    queryKey: ['reports', path],
    queryFn: async () => parseAnswer(answerSchema, await api.get(path)) as unknown as ReportAnswer,
    placeholderData: keepPreviousData,
  });
}
