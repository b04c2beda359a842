import { MINUTES_PER_DAY } from '@practice/shared';

/**
 * Hours as people type them, to whole minutes: "1.5" and "1,5" (decimal hours), "1:30"
 * (hours and minutes), "90m", "2h". "" is null; anything else is NaN, which the time entry
 * schema refuses with its own message.
 */
export function parseHoursToMinutes(text: string): number | null {
  const value = text.trim().toLowerCase().replace(',', '.');
  if (value === '') return null;
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(value);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const minutes = /^(\d{1,4})\s*m(in)?$/.exec(value);
  if (minutes) return Number(minutes[1]);
  const hours = /^(\d{1,2}(?:\.\d{1,2})?|\.\d{1,2})\s*h?$/.exec(value);
  if (!hours) return Number.NaN;
  // Hundredths of an hour as an integer first: 0.1 h is 6 minutes, not 6.000000000000001.
  const [whole = '0', fraction = ''] = (hours[1] ?? '').split('.');
  const hundredths = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Math.round((hundredths * 60) / 100);
}

/**
 * The refusal of more than a day's time in the unit the person typed (issue 27): "25" asks for
 * hours, so "Minutes must be at most 1440" would answer in a unit he never used. Null when
 * the text is within the day or is no duration at all.
 */
export function dayLimitMessage(text: string): string | null {
  const minutes = parseHoursToMinutes(text);
  if (minutes === null || Number.isNaN(minutes) || minutes <= MINUTES_PER_DAY) return null;
  const value = text.trim().toLowerCase();
  if (value.includes(':')) return 'Time must be at most 24:00 a day';
  if (/m(in)?$/.test(value)) return `Minutes must be at most ${MINUTES_PER_DAY} a day`;
  return 'Hours must be at most 24 a day';
}

/** Minutes as an hours input shows them: 90 -> "1.5", 100 -> "1.67", 0 -> "". */
export function minutesToHoursInput(minutes: number): string {
  if (minutes === 0) return '';
  const hundredths = Math.round((minutes * 100) / 60);
  const text = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
  return text.replace(/\.?0+$/, '');
}

/** Seconds as a running clock: 3725 -> "1:02:05". */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
