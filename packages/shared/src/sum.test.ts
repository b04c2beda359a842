import { describe, expect, it } from 'vitest';
import { sum } from './sum';

describe('sum (SPEC 9)', () => {
  it('adds a list of numbers from 0', () => {
    expect(sum([1, 2, 3])).toBe(6);
    expect(sum([])).toBe(0);
  });

  it('adds a named field of each item', () => {
    const entries = [{ minutes: 30 }, { minutes: 45 }, { minutes: 15 }];
    expect(sum(entries, 'minutes')).toBe(90);
  });

  it('starts from the initial value', () => {
    expect(sum([1, 2], undefined, 10)).toBe(13);
    expect(sum([{ total: 5 }], 'total', 100)).toBe(105);
    expect(sum([], 'total' as never, 7)).toBe(7);
  });

  it('counts numeric text as a number and a missing field as 0', () => {
    const rows: { amount?: number | string | null }[] = [{ amount: '250' }, { amount: null }, {}, { amount: 50 }];
    expect(sum(rows, 'amount')).toBe(300);
  });
});
