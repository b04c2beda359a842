import { formatDate as formatSharedDate } from '@practice/shared';
import { readStorage, STORAGE_KEYS } from './storage-keys';

/** SPEC 9 date display: long month names when the formattedDates preference is on or the caller forces it. */
export function formatDate(value: string | null | undefined, forceLong = false): string {
  const long = forceLong || readStorage(STORAGE_KEYS.formattedDates) === 'true';
  return formatSharedDate(value, { long });
}

/** Long US form of a moment, e.g. "Sunday, November 22, 2026", in the given time zone (else the browser's). */
export function formatLongDate(moment: Date, timeZone?: string): string {
  return moment.toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  });
}

/** 2-digit hour and minute, e.g. "09:05 AM", in the given time zone (else the browser's). */
export function formatClockTime(moment: Date, timeZone?: string): string {
  return moment.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', timeZone });
}
