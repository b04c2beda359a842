import type { ReportAnswer, ReportRow } from '@practice/shared';
import { decimalHours, dollars, toCsv, type CsvCell, type CsvColumn } from '../../lib/csv';

/** Basis points as a percent with 2 decimals: 8125 -> "81.25"; empty when there is no ratio. */
function percent(basisPoints: number | null | undefined): string {
  if (basisPoints === null || basisPoints === undefined) return '';
  const absolute = Math.abs(basisPoints);
  const text = `${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
  return basisPoints < 0 ? `-${text}` : text;
}

/** A figure as the CSV writes it, by the suffix of its name: cents in dollars, minutes in hours. */
function cell(name: string, value: ReportRow[string]): CsvCell {
  if (typeof value !== 'number') return value ?? '';
  if (name.endsWith('_cents')) return dollars(value);
  if (/(^|_)minutes$/.test(name)) return decimalHours(value);
  if (name.endsWith('_bp')) return percent(value);
  return value;
}

function header(name: string): string {
  return name
    .replace(/_cents$/, '')
    .replace(/(^|_)minutes$/, '$1hours')
    .replace(/_bp$/, '_percent');
}

/** The CSV of an answer: the same rows as its table, then its totals row. */
export function reportCsv(answer: ReportAnswer): string {
  const figures = Object.keys(answer.totals).length
    ? [...new Set([...answer.rows.flatMap((row) => Object.keys(row)), ...Object.keys(answer.totals)])].filter(
        (name) => !['group', 'id', 'label', 'code'].includes(name),
      )
    : [];
  const byClient = answer.group_by === 'client';
  const columns: CsvColumn<ReportRow>[] = [
    ...(byClient ? [{ header: 'client_id', value: (row: ReportRow) => row.code ?? '' }] : []),
    { header: answer.group_by, value: (row) => row.label },
    ...figures.map((name) => ({ header: header(name), value: (row: ReportRow) => cell(name, row[name]) })),
  ];
  const totals = { group: answer.group_by, id: 'total', label: 'Total', ...answer.totals } as ReportRow;
  return toCsv(columns, [...answer.rows, totals]);
}
