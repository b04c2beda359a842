import { afterEach, describe, expect, it } from 'vitest';
import { formatClockTime, formatDate, formatLongDate } from './format';

describe('formatting', () => {
  afterEach(() => window.localStorage.clear());

  it('shows dates numerically unless the formattedDates preference is on or the caller forces it', () => {
    expect(formatDate('2026-03-07')).toBe('3/7/2026');
    expect(formatDate('2026-03-07', true)).toBe('March 7, 2026');
    window.localStorage.setItem('formattedDates', 'true');
    expect(formatDate('2026-03-07 14:30:00')).toBe('March 7, 2026');
    window.localStorage.setItem('formattedDates', 'false');
    expect(formatDate('2026-03-07')).toBe('3/7/2026');
  });

  it('writes the dashboard date in the long US form and the time with 2-digit hour and minute', () => {
    const moment = new Date(2026, 10, 22, 9, 5);
    expect(formatLongDate(moment)).toBe('Sunday, November 22, 2026');
    expect(formatClockTime(moment)).toBe('09:05 AM');
  });
});
