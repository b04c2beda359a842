import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { AppError } from './errors';

/**
 * CSV answers (API.md: `text/csv; charset=utf-8`, a header row, money in dollars with 2
 * decimals) written by csv-stringify, which quotes what needs quoting (docs/decisions/0107).
 */

export type CsvCell = string | number | boolean | null | undefined;
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvCell };

/** No export holds more rows than this; a bigger one is narrowed by its filters. */
export const CSV_EXPORT_MAX_ROWS = 50_000;

export function tooManyRows(): AppError {
  return new AppError(
    422,
    `The export holds at most ${CSV_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows: narrow the filter and try again`,
  );
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * SECURITY.md: a cell beginning with = + - @ tab or carriage return could run as a formula in
 * a spreadsheet, so it gets a leading apostrophe (OWASP's advice). A plain number such as
 * -12.50 is no formula and stays a number.
 */
export function neutraliseCell(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'boolean') return cell ? 'yes' : 'no';
  return neutraliseCell(String(cell));
}

/** Integer cents as dollars with 2 decimals, without floating point: 123456 -> "1234.56". */
export function dollars(cents: number): string {
  const absolute = Math.abs(cents);
  const text = `${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** Whole minutes as decimal hours with 2 decimals, rounded half up from the minutes: 100 -> "1.67". */
export function decimalHours(minutes: number): string {
  const hundredths = Math.floor((minutes * 100 + 30) / 60);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/**
 * The CSV text: a byte-order mark (so Excel reads UTF-8 names right), the header row, one row
 * per record, CRLF line ends (RFC 4180).
 */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Row[]): string {
  const records = [
    columns.map((column) => column.header),
    ...rows.map((row) => columns.map((column) => cellText(column.value(row)))),
  ];
  // A lone line feed in a narrative is quoted too: csv-stringify quotes only its own delimiter.
  return stringify(records, { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/**
 * Some rows of a CSV written piece by piece (the streamed export): the same quoting and
 * neutralising as toCsv; `bom` for the first piece of a file only.
 */
export function csvPiece(records: CsvCell[][], bom: boolean): string {
  return stringify(
    records.map((record) => record.map(cellText)),
    { bom, record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}

/** Sends CSV text as a download named `name`. */
export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
