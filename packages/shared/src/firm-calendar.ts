import { formatDate } from './dates';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The calendar date (YYYY-MM-DD) of an instant in a time zone. The firm's "today" is this at
 * the server's now in the firm's zone (DESIGN.md), whatever zone the browser is in (ADR 0200).
 */
export function dateInZone(instant: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Money dated after the firm's today is refused, by the form and by the server alike (ADR 0200). */
export function dateAfterToday(label: string, today: string): string {
  return `${label} cannot be after today (${formatDate(today)})`;
}
