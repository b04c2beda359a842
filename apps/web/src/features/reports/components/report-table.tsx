import type { ReactNode } from 'react';
import { GROUP_LABELS, type FigureColumn } from './report-columns';
import type { ReportAnswer, ReportRow } from '@practice/shared';
import { Pagination } from '../../../components/pagination';
import { SortHeader } from '../../../components/sort-header';
import { TableFrame } from '../../../components/table-frame';
import { formatFigure } from './figure-format';

type ReportTableProps = {
  title: string;
  answer: ReportAnswer;
  columns: FigureColumn[];
  sort: string;
  order: 'asc' | 'desc';
  onSort: (sort: string, order: 'asc' | 'desc') => void;
  onPage: (page: number) => void;
  /** The drill-down links of a client row. */
  drillDown?: (row: ReportRow) => ReactNode;
};

/**
 * A page of the report's rows as the server sorted them (any column), with the totals row of
 * all rows at the foot and the pages below when there is more than one.
 */
export function ReportTable({ title, answer, columns, sort, order, onSort, onPage, drillDown }: ReportTableProps) {
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
            {answer.rows.map((row) => (
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
      {answer.total > answer.page_size && (
        <>
          <Pagination page={answer.page} pageSize={answer.page_size} total={answer.total} onPage={onPage} noun="rows" />
          <p className="muted no-print">The totals are of all rows, and the CSV holds every row.</p>
        </>
      )}
    </>
  );
}
