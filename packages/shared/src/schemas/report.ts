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
  /** The figures of each row, in the table's order: what `sort` takes besides `label`. */
  figures: readonly string[];
};

export const REPORTS: Record<ReportName, ReportShape> = {
  'time-summary': {
    title: 'Time summary',
    groups: ['client', 'staff', 'activity', 'partner'],
    filters: ['client_id', 'staff_id', 'partner_id'],
    asOf: false,
    figures: ['minutes', 'billable_minutes', 'non_billable_minutes', 'standard_cents'],
  },
  utilization: {
    title: 'Utilization',
    groups: ['staff'],
    filters: ['staff_id'],
    asOf: false,
    figures: ['available_minutes', 'minutes', 'billable_minutes', 'utilization_bp'],
  },
  realization: {
    title: 'Realization',
    groups: ['partner', 'client', 'staff', 'activity'],
    filters: ['client_id', 'staff_id', 'partner_id'],
    asOf: false,
    figures: [
      'standard_cents',
      'billed_cents',
      'write_up_cents',
      'write_down_cents',
      'collected_cents',
      'realization_bp',
      'collection_bp',
    ],
  },
  'revenue-by-month': {
    title: 'Revenue by month',
    groups: ['month'],
    filters: ['client_id', 'partner_id'],
    asOf: false,
    figures: ['billed_cents', 'collected_cents', 'prior_billed_cents', 'prior_collected_cents'],
  },
  'ar-aging': {
    title: 'AR aging',
    groups: ['client', 'partner'],
    filters: ['client_id', 'partner_id'],
    asOf: true,
    figures: [
      'current_cents',
      'days_1_30_cents',
      'days_31_60_cents',
      'days_61_90_cents',
      'days_over_90_cents',
      'unapplied_cents',
      'balance_cents',
    ],
  },
  'wip-aging': {
    title: 'WIP aging',
    groups: ['client', 'staff', 'partner'],
    filters: ['client_id', 'staff_id', 'partner_id'],
    asOf: true,
    figures: ['days_0_30_cents', 'days_31_60_cents', 'days_61_90_cents', 'days_over_90_cents', 'wip_cents'],
  },
  collections: {
    title: 'Collections',
    groups: ['month'],
    filters: ['client_id', 'partner_id'],
    asOf: false,
    figures: [
      'received_cents',
      'refunded_cents',
      'net_collected_cents',
      'billed_cents',
      'ar_balance_cents',
      'dso_days',
    ],
  },
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

/**
 * The rows of a report come a page at a time, sorted by the server (a whole firm by client is
 * tens of thousands of rows); `totals` are of every row, and format=csv holds every row.
 */
export const REPORT_PAGE_SIZE_MAX = 500;
export type ReportSortOrder = 'asc' | 'desc';

export type ReportAnswer = {
  name: ReportName;
  from: string;
  to: string;
  group_by: ReportGroup;
  rows: ReportRow[];
  totals: Record<string, number | null>;
  /** How many rows the whole report has (the page is `rows`). */
  total: number;
  page: number;
  page_size: number;
  /** `label` or one of the report's figures; ties in a figure go by `id`. */
  sort: string;
  order: ReportSortOrder;
};

/**
 * The order of report rows, the same wherever they are sorted (SQL or here): by the label in
 * code-point order (the database's C or C.UTF-8 collation) or by a figure with rows without one
 * (no ratio) last either way, ties by id ascending.
 */
export function compareReportRows(sort: string, order: ReportSortOrder): (a: ReportRow, b: ReportRow) => number {
  const direction = order === 'asc' ? 1 : -1;
  const byId = (a: ReportRow, b: ReportRow) => {
    const left = String(a.id);
    const right = String(b.id);
    return typeof a.id === 'number' && typeof b.id === 'number'
      ? a.id - b.id
      : left < right
        ? -1
        : left > right
          ? 1
          : 0;
  };
  if (sort === 'label') {
    return (a, b) => direction * (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) || byId(a, b);
  }
  return (a, b) => {
    const left = a[sort];
    const right = b[sort];
    const leftMissing = left === null || left === undefined;
    const rightMissing = right === null || right === undefined;
    if (leftMissing || rightMissing) return leftMissing === rightMissing ? byId(a, b) : leftMissing ? 1 : -1;
    return direction * (Number(left) - Number(right)) || byId(a, b);
  };
}
