/** The period choices of issue 17; reports run over whole months, agings as of a day. */
export const PERIODS = ['this-month', 'last-month', 'this-quarter', 'this-year', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<Period, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-quarter': 'This quarter',
  'this-year': 'This year',
  custom: 'Custom months',
};

export function addMonths(month: string, count: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function lastDay(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** The first and last month (YYYY-MM) of a period, today being `today` (the firm's date, YYYY-MM-DD). */
export function monthsOf(
  period: Period,
  today: string,
  custom: { from: string; to: string },
): { from: string; to: string } {
  const month = today.slice(0, 7);
  switch (period) {
    case 'this-month':
      return { from: month, to: month };
    case 'last-month':
      return { from: addMonths(month, -1), to: addMonths(month, -1) };
    case 'this-quarter': {
      const first = addMonths(`${month.slice(0, 4)}-01`, Math.floor((Number(month.slice(5)) - 1) / 3) * 3);
      return { from: first, to: addMonths(first, 2) };
    }
    case 'this-year':
      return { from: `${month.slice(0, 4)}-01`, to: `${month.slice(0, 4)}-12` };
    case 'custom':
      return { from: custom.from || month, to: custom.to || custom.from || month };
  }
}
