import { describe, expect, it } from 'vitest';
import { compareReportRows, type ReportRow } from './report';

const row = (id: number, label: string, figure: number | null): ReportRow => ({
  group: 'client',
  id,
  label,
  figure,
});

const order = (rows: ReportRow[], sort: string, direction: 'asc' | 'desc') =>
  [...rows].sort(compareReportRows(sort, direction)).map((item) => item.id);

describe('compareReportRows: the order the server pages report rows in', () => {
  const rows = [row(1, 'beta', 5), row(2, 'Alpha', null), row(3, 'alpha', 5), row(4, 'Zed', 9), row(5, 'Zed', 1)];

  it("sorts labels in code-point order (as the database's C.UTF-8 does), ties by id either way", () => {
    expect(order(rows, 'label', 'asc')).toEqual([2, 4, 5, 3, 1]);
    expect(order(rows, 'label', 'desc')).toEqual([1, 3, 4, 5, 2]);
  });

  it('sorts a figure with rows without one last either way, ties by id ascending', () => {
    expect(order(rows, 'figure', 'asc')).toEqual([5, 1, 3, 4, 2]);
    expect(order(rows, 'figure', 'desc')).toEqual([4, 1, 3, 5, 2]);
  });

  it('orders month rows by their YYYY-MM id', () => {
    const months: ReportRow[] = ['2026-02', '2025-12', '2026-01'].map((id) => ({ group: 'month', id, label: id }));
    expect([...months].sort(compareReportRows('label', 'asc')).map((item) => item.id)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });
});
