import { describe, expect, it } from 'vitest';
import { formatDate, formatHours, formatHoursMinutes, parseYearMonthDay } from './dates';

describe('formatDate (SPEC 9)', () => {
  it('shows the numeric US form by default', () => {
    expect(formatDate('2026-11-22')).toBe('11/22/2026');
    expect(formatDate('2026-01-05')).toBe('1/5/2026');
  });

  it('shows the long month name form when formattedDates is on or the caller forces it', () => {
    expect(formatDate('2026-11-22', { long: true })).toBe('November 22, 2026');
    expect(formatDate('2026-01-05', { long: true })).toBe('January 5, 2026');
    expect(formatDate('2026-12-31', { long: false })).toBe('12/31/2026');
  });

  it('ignores a time part after a space, and after a T', () => {
    expect(formatDate('2026-11-22 23:59:59')).toBe('11/22/2026');
    expect(formatDate('2026-11-22 00:00:00', { long: true })).toBe('November 22, 2026');
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('11/22/2026');
  });

  it('reads the date as written, never shifted by the time zone', () => {
    expect(formatDate('2026-01-01 00:00:00')).toBe('1/1/2026');
    expect(formatDate('2025-12-31T23:59:59-12:00')).toBe('12/31/2025');
  });

  it('shows nothing for a missing date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
  });

  it('shows invalid input as it came instead of a made-up date', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate('11/22/2026')).toBe('11/22/2026');
    expect(formatDate('2026-13-01')).toBe('2026-13-01');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
    expect(formatDate('2026-00-10')).toBe('2026-00-10');
  });
});

describe('parseYearMonthDay', () => {
  it('knows the length of each month, leap years included', () => {
    expect(parseYearMonthDay('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseYearMonthDay('2026-02-29')).toBeNull();
    expect(parseYearMonthDay('2026-04-31')).toBeNull();
    expect(parseYearMonthDay('2026-04-30')).toEqual({ year: 2026, month: 4, day: 30 });
    expect(parseYearMonthDay('2026-11-00')).toBeNull();
  });
});

describe('formatHours (SPEC 9: 1 decimal)', () => {
  it('shows whole minutes as hours with one decimal', () => {
    expect(formatHours(90)).toBe('1.5');
    expect(formatHours(0)).toBe('0.0');
    expect(formatHours(null)).toBe('0.0');
    expect(formatHours(20)).toBe('0.3');
    expect(formatHours(123_456)).toBe('2057.6');
  });

  it('rounds a half tenth away from zero, whatever its binary fraction', () => {
    expect(formatHours(9)).toBe('0.2');
    expect(formatHours(15)).toBe('0.3');
    expect(formatHours(21)).toBe('0.4');
    expect(formatHours(27)).toBe('0.5');
    expect(formatHours(-9)).toBe('-0.2');
  });

  it('shows less than a tenth of an hour as h:mm, so a minute is not 0.0 h', () => {
    expect(formatHours(1)).toBe('0:01');
    expect(formatHours(5)).toBe('0:05');
    expect(formatHours(6)).toBe('0.1');
    expect(formatHours(-1)).toBe('-0:01');
    expect(formatHours(-5)).toBe('-0:05');
  });
});

describe('formatHoursMinutes (the exact figure behind 1 decimal)', () => {
  it('shows whole minutes as h:mm', () => {
    expect(formatHoursMinutes(100)).toBe('1:40');
    expect(formatHoursMinutes(5)).toBe('0:05');
    expect(formatHoursMinutes(0)).toBe('0:00');
    expect(formatHoursMinutes(null)).toBe('0:00');
    expect(formatHoursMinutes(1440)).toBe('24:00');
  });
});
