import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoneyToCents } from './money';

describe('formatMoney (SPEC 9)', () => {
  it('shows whole US dollars by default, rounded down', () => {
    expect(formatMoney(1234)).toBe('$12');
    expect(formatMoney(1299)).toBe('$12');
    expect(formatMoney(1200)).toBe('$12');
    expect(formatMoney(99)).toBe('$0');
  });

  it('groups thousands the en-US way', () => {
    expect(formatMoney(123_456_789)).toBe('$1,234,567');
    expect(formatMoney(100_000)).toBe('$1,000');
    expect(formatMoney(99_999)).toBe('$999');
  });

  it('shows exactly 2 decimals when asked', () => {
    expect(formatMoney(123_456, { decimals: true })).toBe('$1,234.56');
    expect(formatMoney(1200, { decimals: true })).toBe('$12.00');
    expect(formatMoney(5, { decimals: true })).toBe('$0.05');
    expect(formatMoney(0, { decimals: true })).toBe('$0.00');
  });

  it('puts negatives in square brackets around the absolute value', () => {
    expect(formatMoney(-123_456)).toBe('[$1,234]');
    expect(formatMoney(-199)).toBe('[$1]');
    expect(formatMoney(-123_456, { decimals: true })).toBe('[$1,234.56]');
    expect(formatMoney(-5, { decimals: true })).toBe('[$0.05]');
  });

  it('shows $0 for null, undefined and NaN, with or without decimals', () => {
    expect(formatMoney(null)).toBe('$0');
    expect(formatMoney(undefined)).toBe('$0');
    expect(formatMoney(Number.NaN)).toBe('$0');
    expect(formatMoney(null, { decimals: true })).toBe('$0');
    expect(formatMoney(0)).toBe('$0');
  });

  it('drops fractions of a cent instead of rounding them up', () => {
    expect(formatMoney(1299.9, { decimals: true })).toBe('$12.99');
  });
});

describe('parseMoneyToCents', () => {
  it('reads plain, dollar-signed and grouped amounts into integer cents', () => {
    expect(parseMoneyToCents('12')).toBe(1200);
    expect(parseMoneyToCents('$12')).toBe(1200);
    expect(parseMoneyToCents(' $ 1,234.5 ')).toBe(123_450);
    expect(parseMoneyToCents('1,234,567.89')).toBe(123_456_789);
    expect(parseMoneyToCents('0.07')).toBe(7);
    expect(parseMoneyToCents('12.')).toBe(1200);
  });

  it('reads negatives, and never answers minus zero', () => {
    expect(parseMoneyToCents('-3.07')).toBe(-307);
    expect(parseMoneyToCents('-$1,000')).toBe(-100_000);
    expect(Object.is(parseMoneyToCents('-0'), 0)).toBe(true);
  });

  it('refuses what is not an amount', () => {
    for (const input of ['', 'abc', '12.345', '.5', '1.2.3', '--1', '12a', '1,2,3', '12,34', ',123']) {
      expect(parseMoneyToCents(input), input).toBeNull();
    }
  });

  it('refuses amounts too large to count in cents exactly', () => {
    expect(parseMoneyToCents('999999999999999999')).toBeNull();
  });

  it('gives back what formatMoney shows with decimals', () => {
    for (const cents of [0, 5, 1200, 123_456, -307]) {
      expect(parseMoneyToCents(formatMoney(cents, { decimals: true }).replace(/^\[(.*)\]$/, '-$1'))).toBe(cents);
    }
  });
});
