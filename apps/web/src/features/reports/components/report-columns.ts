import { REPORT_NAMES, type ReportGroup, type ReportName } from '@practice/shared';

export type FigureKind = 'money' | 'hours' | 'percent' | 'days';
export type FigureColumn = { key: string; label: string; kind: FigureKind; narrow?: boolean };

/** A figure column: the answer's field, its header, its format, and 'narrow' if a phone's cards keep it too. */
type ColumnRow = readonly [key: string, label: string, kind: FigureKind, narrow?: 'narrow'];

/** The figure columns of each report's table, in order. */
const COLUMN_ROWS: Record<ReportName, ColumnRow[]> = {
  'time-summary': [
    ['minutes', 'Hours', 'hours', 'narrow'],
    ['billable_minutes', 'Billable hours', 'hours', 'narrow'],
    ['non_billable_minutes', 'Non-billable hours', 'hours'],
    ['standard_cents', 'Standard value', 'money', 'narrow'],
  ],
  utilization: [
    ['available_minutes', 'Available hours', 'hours', 'narrow'],
    ['minutes', 'Hours', 'hours'],
    ['billable_minutes', 'Billable hours', 'hours', 'narrow'],
    ['utilization_bp', 'Utilization', 'percent', 'narrow'],
  ],
  realization: [
    ['standard_cents', 'Standard value', 'money', 'narrow'],
    ['billed_cents', 'Billed', 'money', 'narrow'],
    ['write_up_cents', 'Write-ups', 'money'],
    ['write_down_cents', 'Write-downs', 'money'],
    ['collected_cents', 'Collected', 'money'],
    ['realization_bp', 'Realization', 'percent', 'narrow'],
    ['collection_bp', 'Collection', 'percent'],
  ],
  'revenue-by-month': [
    ['billed_cents', 'Billed', 'money', 'narrow'],
    ['collected_cents', 'Collected', 'money', 'narrow'],
    ['prior_billed_cents', 'Billed a year before', 'money'],
    ['prior_collected_cents', 'Collected a year before', 'money'],
  ],
  'ar-aging': [
    ['current_cents', 'Current', 'money'],
    ['days_1_30_cents', '1-30', 'money'],
    ['days_31_60_cents', '31-60', 'money'],
    ['days_61_90_cents', '61-90', 'money'],
    ['days_over_90_cents', 'Over 90', 'money'],
    ['unapplied_cents', 'Unapplied', 'money'],
    ['balance_cents', 'Balance', 'money', 'narrow'],
  ],
  'wip-aging': [
    ['days_0_30_cents', '0-30 days', 'money'],
    ['days_31_60_cents', '31-60 days', 'money'],
    ['days_61_90_cents', '61-90 days', 'money'],
    ['days_over_90_cents', 'Over 90 days', 'money'],
    ['wip_cents', 'WIP', 'money', 'narrow'],
  ],
  collections: [
    ['received_cents', 'Received', 'money', 'narrow'],
    ['refunded_cents', 'Refunds', 'money'],
    ['net_collected_cents', 'Net collected', 'money'],
    ['billed_cents', 'Billed', 'money'],
    ['ar_balance_cents', 'AR at month end', 'money', 'narrow'],
    ['dso_days', 'DSO (days)', 'days', 'narrow'],
  ],
};

function columnOf([key, label, kind, narrow]: ColumnRow): FigureColumn {
  return narrow ? { key, label, kind, narrow: true } : { key, label, kind };
}

function byReport<T>(make: (name: ReportName) => T): Record<ReportName, T> {
  return Object.fromEntries(REPORT_NAMES.map((name) => [name, make(name)])) as Record<ReportName, T>;
}

export const REPORT_COLUMNS: Record<ReportName, FigureColumn[]> = byReport((name) => COLUMN_ROWS[name].map(columnOf));

export const GROUP_LABELS: Record<ReportGroup, string> = {
  client: 'Client',
  staff: 'Staff',
  activity: 'Activity',
  partner: 'Responsible partner',
  month: 'Month',
};

/**
 * What each report charts (issue 17: where a picture reads better): the series, the chart's
 * form, and the figure that picks the largest groups when there are more than a chart holds.
 */
export type ChartSpec = {
  form: 'bars' | 'stacked' | 'lines';
  series: Array<{ key: string; label: string }>;
  /** Ranks the groups; the chart shows the first CHART_GROUPS_MAX of them. */
  rankBy?: string;
  /** The format of every series: the charted columns share one. */
  kind: FigureKind;
};

export const CHART_GROUPS_MAX = 12;

/** A chart drawn from columns of its report's table, named by key, under their headers unless `legend` renames one. */
type ChartPlan = Pick<ChartSpec, 'form' | 'rankBy'> & { series: string[]; legend?: Record<string, string> };

const CHART_PLANS: Record<ReportName, ChartPlan> = {
  'time-summary': { form: 'stacked', rankBy: 'minutes', series: ['billable_minutes', 'non_billable_minutes'] },
  utilization: {
    form: 'bars',
    rankBy: 'billable_minutes',
    series: ['billable_minutes', 'available_minutes'],
    legend: { available_minutes: 'Available hours (target)' },
  },
  realization: {
    form: 'bars',
    rankBy: 'standard_cents',
    series: ['standard_cents', 'billed_cents', 'collected_cents'],
  },
  'revenue-by-month': { form: 'lines', series: ['billed_cents', 'prior_billed_cents', 'collected_cents'] },
  'ar-aging': {
    form: 'stacked',
    rankBy: 'balance_cents',
    series: ['current_cents', 'days_1_30_cents', 'days_31_60_cents', 'days_61_90_cents', 'days_over_90_cents'],
  },
  'wip-aging': {
    form: 'stacked',
    rankBy: 'wip_cents',
    series: ['days_0_30_cents', 'days_31_60_cents', 'days_61_90_cents', 'days_over_90_cents'],
  },
  collections: { form: 'bars', series: ['received_cents', 'billed_cents'] },
};

function chartOf(name: ReportName): ChartSpec {
  const { series, legend, ...plan } = CHART_PLANS[name];
  const columns = series.map((key) => {
    const column = REPORT_COLUMNS[name].find((candidate) => candidate.key === key);
    if (!column) throw new Error(`The ${name} chart draws ${key}, which is no column of its table`);
    return column;
  });
  return {
    ...plan,
    kind: columns[0]!.kind,
    series: columns.map((column) => ({ key: column.key, label: legend?.[column.key] ?? column.label })),
  };
}

export const REPORT_CHARTS: Record<ReportName, ChartSpec> = byReport(chartOf);
