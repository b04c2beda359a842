import { describe, expect, it } from 'vitest';
import { REPORT_NAMES, REPORTS } from '@practice/shared';
import { REPORT_CHARTS, REPORT_COLUMNS } from './report-columns';

describe('report columns and charts, derived from the column table', () => {
  it('turns a row of the table into a column, narrow only where marked', () => {
    expect(REPORT_COLUMNS['time-summary']).toEqual([
      { key: 'minutes', label: 'Hours', kind: 'hours', narrow: true },
      { key: 'billable_minutes', label: 'Billable hours', kind: 'hours', narrow: true },
      { key: 'non_billable_minutes', label: 'Non-billable hours', kind: 'hours' },
      { key: 'standard_cents', label: 'Standard value', kind: 'money', narrow: true },
    ]);
  });

  it('gives every report its columns, each field once', () => {
    for (const name of REPORT_NAMES) {
      const keys = REPORT_COLUMNS[name].map((column) => column.key);
      expect(keys.length, name).toBeGreaterThan(0);
      expect(new Set(keys).size, name).toBe(keys.length);
      // The server sorts by these figures (REPORTS' list): a column it does not know could not sort.
      expect(keys, name).toEqual(REPORTS[name].figures);
    }
  });

  it("charts columns of the report's own table, under their headers and in their format", () => {
    for (const name of REPORT_NAMES) {
      const chart = REPORT_CHARTS[name];
      for (const series of chart.series) {
        const column = REPORT_COLUMNS[name].find((candidate) => candidate.key === series.key);
        expect(column?.kind, `${name} ${series.key}`).toBe(chart.kind);
        if (series.key !== 'available_minutes') expect(series.label).toBe(column?.label);
      }
    }
    expect(REPORT_CHARTS.utilization).toEqual({
      form: 'bars',
      kind: 'hours',
      rankBy: 'billable_minutes',
      series: [
        { key: 'billable_minutes', label: 'Billable hours' },
        { key: 'available_minutes', label: 'Available hours (target)' },
      ],
    });
    expect(REPORT_CHARTS['revenue-by-month']).toEqual({
      form: 'lines',
      kind: 'money',
      series: [
        { key: 'billed_cents', label: 'Billed' },
        { key: 'prior_billed_cents', label: 'Billed a year before' },
        { key: 'collected_cents', label: 'Collected' },
      ],
    });
  });
});
