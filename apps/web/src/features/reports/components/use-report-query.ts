import { useCallback, useMemo } from 'react';
import { REPORT_GROUPS, REPORT_NAMES, REPORTS, type ReportGroup, type ReportName } from '@practice/shared';
import { useSearchState } from '../../../lib/use-search-state';
import { PERIODS, type Period } from './report-period';

export type ReportQuery = {
  name: ReportName;
  period: Period;
  /** Custom months, YYYY-MM. */
  from: string;
  to: string;
  /** The as-of day of an aging, YYYY-MM-DD; empty is today. */
  asOf: string;
  groupBy: ReportGroup;
  clientId: number | null;
  staffId: number | null;
  partnerId: number | null;
  sort: string;
  order: 'asc' | 'desc';
  /** The page of rows (the server sorts and pages them). */
  page: number;
};

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The report, its period, grouping, filters and sort, kept in the URL (UI.md). */
export function useReportQuery(): [ReportQuery, (change: Partial<ReportQuery>) => void] {
  const [params, setParams] = useSearchState();
  const query = useMemo<ReportQuery>(() => {
    const name = REPORT_NAMES.find((report) => report === params.get('report')) ?? 'time-summary';
    const shape = REPORTS[name];
    const group = REPORT_GROUPS.find((option) => option === params.get('group_by'));
    return {
      name,
      period: PERIODS.find((period) => period === params.get('period')) ?? 'this-month',
      from: MONTH.test(params.get('from') ?? '') ? params.get('from')! : '',
      to: MONTH.test(params.get('to') ?? '') ? params.get('to')! : '',
      asOf: DAY.test(params.get('as_of') ?? '') ? params.get('as_of')! : '',
      groupBy: group && shape.groups.includes(group) ? group : shape.groups[0]!,
      clientId: shape.filters.includes('client_id') ? positiveInt(params.get('client_id')) : null,
      staffId: shape.filters.includes('staff_id') ? positiveInt(params.get('staff_id')) : null,
      partnerId: shape.filters.includes('partner_id') ? positiveInt(params.get('partner_id')) : null,
      sort: params.get('sort') ?? 'label',
      order: params.get('order') === 'desc' ? 'desc' : 'asc',
      page: positiveInt(params.get('page')) ?? 1,
    };
  }, [params]);
  const update = useCallback(
    (change: Partial<ReportQuery>) => {
      const next: Record<string, string | null> = {};
      if ('name' in change) {
        next.report = change.name ?? null;
        // Another report: its own default grouping and sort.
        next.group_by = null;
        next.sort = null;
        next.order = null;
      }
      if ('period' in change) next.period = change.period ?? null;
      if ('from' in change) next.from = change.from || null;
      if ('to' in change) next.to = change.to || null;
      if ('asOf' in change) next.as_of = change.asOf || null;
      if ('groupBy' in change) next.group_by = change.groupBy ?? null;
      if ('clientId' in change) next.client_id = change.clientId ? String(change.clientId) : null;
      if ('staffId' in change) next.staff_id = change.staffId ? String(change.staffId) : null;
      if ('partnerId' in change) next.partner_id = change.partnerId ? String(change.partnerId) : null;
      if ('sort' in change) next.sort = change.sort ?? null;
      if ('order' in change) next.order = change.order ?? null;
      // Another view starts at its first page.
      next.page = change.page && change.page > 1 ? String(change.page) : null;
      setParams(next);
    },
    [setParams],
  );
  return [query, update];
}
