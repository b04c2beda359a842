import { describe, expect, it } from 'vitest';
import { centsToInput, inputToCents } from './money-input';

describe('money inputs', () => {
  it('shows cents as dollars with two decimals, and nothing for no amount', () => {
    expect(centsToInput(12500)).toBe('125.00');
    expect(centsToInput(5)).toBe('0.05');
    expect(centsToInput(-1999)).toBe('-19.99');
    expect(centsToInput(null)).toBe('');
  });

  it('reads typed dollars as integer cents', () => {
    expect(inputToCents('125.5')).toBe(12550);
    expect(inputToCents('$1,234.56')).toBe(123456);
    expect(inputToCents('0.1')).toBe(10);
    expect(inputToCents('  ')).toBeNull();
  });

  it('passes what is no amount on as NaN, for the schema to refuse', () => {
    expect(inputToCents('12.345')).toBeNaN();
    expect(inputToCents('twelve')).toBeNaN();
  });

  it('reads back every amount it shows', () => {
    for (const cents of [0, 1, 99, 100, 12345, 10_000_000]) expect(inputToCents(centsToInput(cents))).toBe(cents);
  });
});
