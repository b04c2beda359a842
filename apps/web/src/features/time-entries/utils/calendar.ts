/** YYYY-MM-DD arithmetic in UTC, so no time zone or daylight-saving change moves a day. */

function toUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  const moment = toUtc(date);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

/** The Monday of a date's week (the week grid starts on Mondays, as the server's does). */
export function mondayOf(date: string): string {
  const weekday = toUtc(date).getUTCDay();
  return addDays(date, weekday === 0 ? -6 : 1 - weekday);
}

export function isIsoDate(value: string | null): value is string {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(toUtc(value).getTime());
}

/** "Mon 11/16": a week grid column. */
export function dayLabel(date: string): { weekday: string; short: string } {
  const moment = toUtc(date);
  return {
    weekday: moment.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' }),
    short: `${moment.getUTCMonth() + 1}/${moment.getUTCDate()}`,
  };
}
