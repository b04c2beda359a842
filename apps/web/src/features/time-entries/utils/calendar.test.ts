import { describe, expect, it } from 'vitest';
import { addDays, dayLabel, isIsoDate, mondayOf } from './calendar';

describe('calendar helpers', () => {
  it('adds days across months, years and the March daylight-saving change', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-16', -7)).toBe('2026-11-09');
  });

  it('finds the Monday of a week, Sundays belonging to the week before', () => {
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(mondayOf('2026-11-19')).toBe('2026-11-16');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
  });

  it('names a week grid column', () => {
    expect(dayLabel('2026-11-16')).toEqual({ weekday: 'Mon', short: '11/16' });
  });

  it('knows a date from anything else', () => {
    expect(isIsoDate('2026-11-16')).toBe(true);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('yesterday')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});
