import { describe, expect, it } from 'vitest';
import { dayLimitMessage, formatElapsed, minutesToHoursInput, parseHoursToMinutes } from './duration';

describe('parseHoursToMinutes', () => {
  it.each([
    ['1.5', 90],
    ['1,5', 90],
    ['0.1', 6],
    ['.25', 15],
    ['2', 120],
    ['2h', 120],
    ['1:30', 90],
    ['0:05', 5],
    ['45m', 45],
    ['45 min', 45],
    ['7.75', 465],
    ['1.01', 61],
  ])('reads %s as %i minutes', (text, minutes) => {
    expect(parseHoursToMinutes(text)).toBe(minutes);
  });

  it('reads an empty box as nothing', () => {
    expect(parseHoursToMinutes('  ')).toBeNull();
  });

  it.each(['abc', '1.234', '1:75', '-1', '1..5', '100'])('refuses %s', (text) => {
    expect(parseHoursToMinutes(text)).toBeNaN();
  });
});

describe('minutesToHoursInput', () => {
  it.each([
    [90, '1.5'],
    [60, '1'],
    [100, '1.67'],
    [6, '0.1'],
    [0, ''],
  ])('shows %i minutes as %s', (minutes, text) => {
    expect(minutesToHoursInput(minutes)).toBe(text);
  });

  it('reads back what it shows for whole tenths of an hour', () => {
    for (let minutes = 6; minutes <= 600; minutes += 6) {
      expect(parseHoursToMinutes(minutesToHoursInput(minutes))).toBe(minutes);
    }
  });
});

describe('formatElapsed', () => {
  it('shows hours, minutes and seconds', () => {
    expect(formatElapsed(0)).toBe('0:00:00');
    expect(formatElapsed(3725)).toBe('1:02:05');
    expect(formatElapsed(-4)).toBe('0:00:00');
  });
});

describe('dayLimitMessage', () => {
  it.each([
    ['25', 'Hours must be at most 24 a day'],
    ['24.5h', 'Hours must be at most 24 a day'],
    ['25:00', 'Time must be at most 24:00 a day'],
    ['1441m', 'Minutes must be at most 1440 a day'],
  ])('refuses %s in the unit typed', (text, message) => {
    expect(dayLimitMessage(text)).toBe(message);
  });

  it.each(['24', '24:00', '1440m', '7.5', '', 'abc'])('leaves %s to the other checks', (text) => {
    expect(dayLimitMessage(text)).toBeNull();
  });
});
