/** Calendar arithmetic on YYYY-MM-DD strings, and "today" in an organization's time zone. */

const DAY_MS = 24 * 60 * 60 * 1000;

// One definition for the server and the web app, which must agree on the firm's date.
export { dateInZone } from '@practice/shared';

function toUtcMs(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Monday of the ISO week holding the date. */
export function mondayOf(date: string): string {
  const weekday = (new Date(toUtcMs(date)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function daysFrom(start: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(start, index));
}
