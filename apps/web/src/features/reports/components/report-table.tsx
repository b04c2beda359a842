import type { ReactNode } from 'react';
import { GROUP_LABELS, type FigureColumn } from './report-columns';
import type { ReportAnswer, ReportRow } from '@practice/shared';
import { SortHeader } from '../../../components/sort-header';
import { TableFrame } from '../../../components/table-frame';
import { formatFigure } from './figure-format';

/** More rows than a page reads comfortably; the CSV has them all. */
export const TABLE_ROWS_MAX = 500;

type ReportTableProps = {
  title: string;
  answer: ReportAnswer;
  columns: FigureColumn[];
  sort: string;
  order: 'asc' | 'desc';
  onSort: (sort: string, order: 'asc' | 'desc') => void;
  /** The drill-down links of a client row. */
  drillDown?: (row: ReportRow) => ReactNode;
};

export function sortedRows(rows: ReportRow[], sort: string, order: 'asc' | 'desc'): ReportRow[] {
  const direction = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort === 'label') return direction * a.label.localeCompare(b.label);
    const left = a[sort];
    const right = b[sort];
    // Rows without a figure (no ratio) go last either way.
    if (left === null || left === undefined) return 1;
    if (right === null || right === undefined) return -1;
    return direction * (Number(left) - Number(right)) || a.label.localeCompare(b.label);
  });
}

/** The report's rows, sortable by any column, with the totals row at the foot. */
export function ReportTable({ title, answer, columns, sort, order, onSort, drillDown }: ReportTableProps) {
  const rows = sortedRows(answer.rows, sort, order);
  const shown = rows.slice(0, TABLE_ROWS_MAX);
  return (
    <>
      <TableFrame>
        <table className="data-table report-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <SortHeader
                label={GROUP_LABELS[answer.group_by]}
                column="label"
                sort={sort}
                order={order}
                onSort={onSort}
                className="wrap"
              />
              {columns.map((column) => (
                <SortHeader
                  key={column.key}
                  label={column.label}
                  column={column.key}
                  sort={sort}
                  order={order}
                  onSort={onSort}
                  className={column.narrow ? 'num' : 'num hide-narrow'}
                />
              ))}
              {drillDown && (
                <th scope="col" className="no-print">
                  Open
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={`${row.group}-${row.id}`}>
                <th scope="row" className="wrap report-label">
                  {row.label}
                  {row.code && <span className="muted"> ({row.code})</span>}
                </th>
                {columns.map((column) => (
                  <td key={column.key} className={column.narrow ? 'num' : 'num hide-narrow'}>
                    {formatFigure(column.kind, row[column.key] as number | null)}
                  </td>
                ))}
                {drillDown && <td className="no-print report-drill">{drillDown(row)}</td>}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="report-totals">
              <th scope="row">Total</th>
              {columns.map((column) => (
                <td key={column.key} className={column.narrow ? 'num' : 'num hide-narrow'}>
                  {formatFigure(column.kind, answer.totals[column.key])}
                </td>
              ))}
              {drillDown && <td className="no-print" />}
            </tr>
          </tfoot>
        </table>
      </TableFrame>
      {rows.length > shown.length && (
        <p className="muted">
          Showing the first {shown.length.toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')} rows; the
          totals are of all of them and the CSV holds every row.
        </p>
      )}
    </>
  );
}
