/**
 * GET /reports/{name} (API.md "Reports", PRODUCT.md "Report formulas"): the seven reports,
 * the groupings and filters each takes, and the answer's shape. Money in integer cents, time
 * in minutes, ratios in basis points (8125 = 81.25 %), null where the divisor is zero.
 */
export const REPORT_NAMES = [
  'time-summary',
  'utilization',
  'realization',
  'revenue-by-month',
  'ar-aging',
  'wip-aging',
  'collections',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_GROUPS = ['client', 'staff', 'activity', 'partner', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export const REPORT_FILTERS = ['client_id', 'staff_id', 'partner_id'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export type ReportShape = {
  title: string;
  /** The groupings it takes, the first the default; one 'month' means rows are the months. */
  groups: readonly ReportGroup[];
  filters: readonly ReportFilter[];
  /** As of `to` (aging) rather than over from..to. */
  asOf: boolean;
};

export const REPORTS: Record<ReportName, ReportShape> = {
  'time-summary': {
    title: 'Time summary',
    groups: ['client', 'staff', 'activity', 'partner'],
    filters: ['client_id', 'staff_id', 'partner_id'],
    asOf: false,
  },
  utilization: { title: 'Utilization', groups: ['staff'], filters: ['staff_id'], asOf: false },
  realization: {
    title: 'Realization',
    groups: ['partner', 'client', 'staff', 'activity'],
    filters: ['client_id', 'staff_id', 'partner_id'],
    asOf: false,
  },
  'revenue-by-month': {
    title: 'Revenue by month',
    groups: ['month'],
    filters: ['client_id', 'partner_id'],
    asOf: false,
  },
  'ar-aging': { title: 'AR aging', groups: ['client', 'partner'], filters: ['client_id', 'partner_id'], asOf: true },
  'wip-aging': {
    title: 'WIP aging',
    groups: ['client', 'staff', 'partner'],
    filters: ['client_id', 'staff_id', 'partner_id'],
    asOf: true,
  },
  collections: { title: 'Collections', groups: ['month'], filters: ['client_id', 'partner_id'], asOf: false },
};

export function isReportName(name: string): name is ReportName {
  return (REPORT_NAMES as readonly string[]).includes(name);
}

/** One row: what it groups (`group` and `id`; `id` 0 is "none"), its label, and figures. */
export type ReportRow = {
  group: ReportGroup;
  id: number | string;
  label: string;
  /** The client's code on client rows (drill-down opens that client's pages). */
  code?: string;
} & Record<string, number | string | null | undefined>;

export type ReportAnswer = {
  name: ReportName;
  from: string;
  to: string;
  group_by: ReportGroup;
  rows: ReportRow[];
  totals: Record<string, number | null>;
};
