import type { ReactNode } from 'react';
import { TableFrame } from '../../../components/table-frame';

export type DraftRow = { id: number; name: string; mayComplete: boolean; cells: ReactNode[] };

type DraftTableProps = {
  caption: string;
  /** The column headers after the selection column: the last is a number, the one before it free text that wraps. */
  headers: string[];
  rows: DraftRow[];
  selected: ReadonlySet<number>;
  onToggle: (ids: number[], on: boolean) => void;
};

/**
 * Drafts of one kind with a checkbox on those the signed-in user may complete (his own, or
 * everyone's with can_edit_time_entries); the others are listed without one, and with none
 * to choose there is no selection column.
 */
export function DraftTable({ caption, headers, rows, selected, onToggle }: DraftTableProps) {
  const open = rows.filter((row) => row.mayComplete).map((row) => row.id);
  const chosen = open.filter((id) => selected.has(id)).length;
  return (
    <TableFrame>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {open.length > 0 && (
              <th scope="col" className="select-cell">
                <input
                  type="checkbox"
                  aria-label={`Select every ${caption.toLowerCase()}`}
                  checked={chosen === open.length}
                  onChange={(event) => onToggle(open, event.target.checked)}
                />
              </th>
            )}
            {headers.map((header, index) => (
              <th
                key={header}
                scope="col"
                className={index === headers.length - 1 ? 'num' : index === headers.length - 2 ? 'wrap' : undefined}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {open.length > 0 && (
                <td className="select-cell">
                  {row.mayComplete && (
                    <input
                      type="checkbox"
                      aria-label={`Select ${row.name}`}
                      checked={selected.has(row.id)}
                      onChange={(event) => onToggle([row.id], event.target.checked)}
                    />
                  )}
                </td>
              )}
              {row.cells.map((cell, index) => (
                <td
                  key={headers[index]}
                  className={
                    index === row.cells.length - 1 ? 'num' : index === row.cells.length - 2 ? 'wrap' : undefined
                  }
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
