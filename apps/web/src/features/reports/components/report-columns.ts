import type { ReportGroup, ReportName } from '@practice/shared';

export type FigureKind = 'money' | 'hours' | 'percent' | 'days';
export type FigureColumn = { key: string; label: string; kind: FigureKind; narrow?: boolean };

/** The figure columns of each report's table, in order; `narrow` ones stay on a phone's cards too. */
export const REPORT_COLUMNS: Record<ReportName, FigureColumn[]> = {
  'time-summary': [
    { key: 'minutes', label: 'Hours', kind: 'hours', narrow: true },
    { key: 'billable_minutes', label: 'Billable hours', kind: 'hours', narrow: true },
    { key: 'non_billable_minutes', label: 'Non-billable hours', kind: 'hours' },
    { key: 'standard_cents', label: 'Standard value', kind: 'money', narrow: true },
  ],
  utilization: [
    { key: 'available_minutes', label: 'Available hours', kind: 'hours', narrow: true },
    { key: 'minutes', label: 'Hours', kind: 'hours' },
    { key: 'billable_minutes', label: 'Billable hours', kind: 'hours', narrow: true },
    { key: 'utilization_bp', label: 'Utilization', kind: 'percent', narrow: true },
  ],
  realization: [
    { key: 'standard_cents', label: 'Standard value', kind: 'money', narrow: true },
    { key: 'billed_cents', label: 'Billed', kind: 'money', narrow: true },
    { key: 'write_up_cents', label: 'Write-ups', kind: 'money' },
    { key: 'write_down_cents', label: 'Write-downs', kind: 'money' },
    { key: 'collected_cents', label: 'Collected', kind: 'money' },
    { key: 'realization_bp', label: 'Realization', kind: 'percent', narrow: true },
    { key: 'collection_bp', label: 'Collection', kind: 'percent' },
  ],
  'revenue-by-month': [
    { key: 'billed_cents', label: 'Billed', kind: 'money', narrow: true },
    { key: 'collected_cents', label: 'Collected', kind: 'money', narrow: true },
    { key: 'prior_billed_cents', label: 'Billed a year before', kind: 'money' },
    { key: 'prior_collected_cents', label: 'Collected a year before', kind: 'money' },
  ],
  'ar-aging': [
    { key: 'current_cents', label: 'Current', kind: 'money' },
    { key: 'days_1_30_cents', label: '1-30', kind: 'money' },
    { key: 'days_31_60_cents', label: '31-60', kind: 'money' },
    { key: 'days_61_90_cents', label: '61-90', kind: 'money' },
    { key: 'days_over_90_cents', label: 'Over 90', kind: 'money' },
    { key: 'unapplied_cents', label: 'Unapplied', kind: 'money' },
    { key: 'balance_cents', label: 'Balance', kind: 'money', narrow: true },
  ],
  'wip-aging': [
    { key: 'days_0_30_cents', label: '0-30 days', kind: 'money' },
    { key: 'days_31_60_cents', label: '31-60 days', kind: 'money' },
    { key: 'days_61_90_cents', label: '61-90 days', kind: 'money' },
    { key: 'days_over_90_cents', label: 'Over 90 days', kind: 'money' },
    { key: 'wip_cents', label: 'WIP', kind: 'money', narrow: true },
  ],
  collections: [
    { key: 'received_cents', label: 'Received', kind: 'money', narrow: true },
    { key: 'refunded_cents', label: 'Refunds', kind: 'money' },
    { key: 'net_collected_cents', label: 'Net collected', kind: 'money' },
    { key: 'billed_cents', label: 'Billed', kind: 'money' },
    { key: 'ar_balance_cents', label: 'AR at month end', kind: 'money', narrow: true },
    { key: 'dso_days', label: 'DSO (days)', kind: 'days', narrow: true },
  ],
};

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
  /** Draws a target line or bar. */
  kind: FigureKind;
};

export const CHART_GROUPS_MAX = 12;

export const REPORT_CHARTS: Record<ReportName, ChartSpec> = {
  'time-summary': {
    form: 'stacked',
    kind: 'hours',
    rankBy: 'minutes',
    series: [
      { key: 'billable_minutes', label: 'Billable hours' },
      { key: 'non_billable_minutes', label: 'Non-billable hours' },
    ],
  },
  utilization: {
    form: 'bars',
    kind: 'hours',
    rankBy: 'billable_minutes',
    series: [
      { key: 'billable_minutes', label: 'Billable hours' },
      { key: 'available_minutes', label: 'Available hours (target)' },
    ],
  },
  realization: {
    form: 'bars',
    kind: 'money',
    rankBy: 'standard_cents',
    series: [
      { key: 'standard_cents', label: 'Standard value' },
      { key: 'billed_cents', label: 'Billed' },
      { key: 'collected_cents', label: 'Collected' },
    ],
  },
  'revenue-by-month': {
    form: 'lines',
    kind: 'money',
    series: [
      { key: 'billed_cents', label: 'Billed' },
      { key: 'prior_billed_cents', label: 'Billed a year before' },
      { key: 'collected_cents', label: 'Collected' },
    ],
  },
  'ar-aging': {
    form: 'stacked',
    kind: 'money',
    rankBy: 'balance_cents',
    series: [
      { key: 'current_cents', label: 'Current' },
      { key: 'days_1_30_cents', label: '1-30' },
      { key: 'days_31_60_cents', label: '31-60' },
      { key: 'days_61_90_cents', label: '61-90' },
      { key: 'days_over_90_cents', label: 'Over 90' },
    ],
  },
  'wip-aging': {
    form: 'stacked',
    kind: 'money',
    rankBy: 'wip_cents',
    series: [
      { key: 'days_0_30_cents', label: '0-30 days' },
      { key: 'days_31_60_cents', label: '31-60 days' },
      { key: 'days_61_90_cents', label: '61-90 days' },
      { key: 'days_over_90_cents', label: 'Over 90 days' },
    ],
  },
  collections: {
    form: 'bars',
    kind: 'money',
    series: [
      { key: 'received_cents', label: 'Received' },
      { key: 'billed_cents', label: 'Billed' },
    ],
  },
};
