export type FormatMoneyOptions = {
  /** SPEC 9: exactly 2 decimals when requested; otherwise whole dollars rounded down. */
  decimals?: boolean;
};

const groupedDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Formats integer cents as US dollars the SPEC 9 way: $0 for missing values, whole
 * dollars rounded down unless decimals are asked for, negatives in square brackets.
 * Works on integers only, so no floating-point rounding can creep in.
 */
export function formatMoney(cents: number | null | undefined, options: FormatMoneyOptions = {}): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '$0';
  const absolute = Math.abs(Math.trunc(cents));
  const dollars = groupedDollars.format(Math.floor(absolute / 100));
  const text = options.decimals ? `$${dollars}.${String(absolute % 100).padStart(2, '0')}` : `$${dollars}`;
  return cents < 0 ? `[${text}]` : text;
}

/**
 * Parses a dollar amount typed by a person ("1,234.5", "$12") into integer cents, or null.
 * Commas count only as thousands separators: "1,2,3" is a typo, not $123.
 */
export function parseMoneyToCents(input: string): number | null {
  const cleaned = input.replace(/[$\s]/g, '');
  const match = /^(-)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  const cents = Number(whole.replace(/,/g, '')) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign && cents !== 0 ? -cents : cents;
}
