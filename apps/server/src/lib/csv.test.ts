import { describe, expect, it } from 'vitest';
import { decimalHours, dollars, neutraliseCell, toCsv } from './csv';

describe('csv', () => {
  it('neutralises cells that a spreadsheet would run as a formula', () => {
    for (const cell of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx', '=HYPERLINK("http://x")']) {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    }
    expect(neutraliseCell('-12.50')).toBe('-12.50');
    expect(neutraliseCell('Smith & Co')).toBe('Smith & Co');
  });

  it('writes money and hours from integers', () => {
    expect(dollars(123_456)).toBe('1234.56');
    expect(dollars(5)).toBe('0.05');
    expect(dollars(-1_200)).toBe('-12.00');
    expect(decimalHours(100)).toBe('1.67');
    expect(decimalHours(90)).toBe('1.50');
    expect(decimalHours(1)).toBe('0.02');
  });

  it('quotes commas, quotes and line breaks, with a header row, a BOM and CRLF', () => {
    const csv = toCsv(
      [
        { header: 'name', value: (row: { name: string; n: number }) => row.name },
        { header: 'n', value: (row) => row.n },
      ],
      [
        { name: 'Doe, "Jr"', n: 1 },
        { name: 'two\nlines', n: 2 },
        { name: '=cmd', n: 3 },
      ],
    );
    expect(csv).toBe('\ufeffname,n\r\n"Doe, ""Jr""",1\r\n"two\nlines",2\r\n\'=cmd,3\r\n');
  });
});
