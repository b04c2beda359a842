const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export type YearMonthDay = { year: number; month: number; day: number };

/** SPEC 9: dates arrive as year-month-day strings; any time part after a space is ignored. */
export function parseYearMonthDay(value: string): YearMonthDay | null {
  const datePart = value.trim().split(' ')[0]?.split('T')[0] ?? '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(datePart);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC rolls 31 February over into March, so a day it moves is not a real date.
  if (month < 1 || month > 12 || day < 1 || new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return { year, month, day };
}

export type FormatDateOptions = {
  /** Long month name form: on when the formattedDates preference is 'true' or the caller forces it. */
  long?: boolean;
};

/** Numeric US form (11/22/2026) by default, long form (November 22, 2026) on request. */
export function formatDate(value: string | null | undefined, options: FormatDateOptions = {}): string {
  if (!value) return '';
  const parsed = parseYearMonthDay(value);
  if (!parsed) return value;
  const { year, month, day } = parsed;
  return options.long ? `${MONTHS[month - 1]} ${day}, ${year}` : `${month}/${day}/${year}`;
}

/** Below a tenth of an hour one decimal reads "0.0" or "0.1" beside real money: such figures show h:mm. */
const TENTH_OF_AN_HOUR = 6;

/**
 * Minutes as hours with one decimal (SPEC 9 hours display), halves away from zero: 9 minutes
 * is 0.2 h, as the database's hours_text (migrations 0052, 0055) writes it. toFixed rounded the
 * binary fraction instead, so 9 minutes showed 0.1 h and 15 minutes 0.3 h. Under 6 minutes it
 * is h:mm ("0:01"), so a 1-minute entry worth $1.67 does not read as no time at all (ADR 0217).
 */
export function formatHours(minutes: number | null | undefined): string {
  const value = minutes ?? 0;
  const sign = value < 0 ? '-' : '';
  if (value !== 0 && Math.abs(value) < TENTH_OF_AN_HOUR) return `${sign}${formatHoursMinutes(Math.abs(value))}`;
  // A sixth of a minute count is a whole number of tenths of an hour; a half of one is exact in binary.
  const tenths = Math.round(Math.abs(value) / 6);
  return `${sign}${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** Minutes as exact hours and minutes: 100 -> "1:40", 5 -> "0:05" (the hover of a 1-decimal figure). */
export function formatHoursMinutes(minutes: number | null | undefined): string {
  const whole = Math.max(0, Math.trunc(minutes ?? 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
