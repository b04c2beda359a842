import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadCents } from './spread';

describe('spreadCents (PRODUCT.md: bill amount spread in proportion, cents exact)', () => {
  it('bills $500 on $650 of WIP as $384.62 and $115.38', () => {
    expect(spreadCents(50_000, [50_000, 15_000])).toEqual([38_462, 11_538]);
  });

  it('puts the rounding remainder on the largest item, the first of equals', () => {
    expect(spreadCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadCents(100, [1, 3, 3])).toEqual([14, 44, 42]);
    expect(spreadCents(10, [3, 1, 3])).toEqual([5, 1, 4]);
  });

  it('shares equally when no item has weight', () => {
    expect(spreadCents(10, [0, 0, 0])).toEqual([4, 3, 3]);
  });

  it('refuses fractional or negative amounts and a bill over nothing', () => {
    expect(() => spreadCents(1.5, [1])).toThrow(RangeError);
    expect(() => spreadCents(-1, [1])).toThrow(RangeError);
    expect(() => spreadCents(5, [])).toThrow(RangeError);
    expect(() => spreadCents(5, [-1, 2])).toThrow(RangeError);
    expect(spreadCents(0, [])).toEqual([]);
  });

  const cents = fc.integer({ min: 0, max: 1_000_000_000 });
  const weights = fc.array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 1, maxLength: 60 });

  it('always sums to the bill exactly, in whole non-negative cents', () => {
    fc.assert(
      fc.property(cents, weights, (bill, items) => {
        const shares = spreadCents(bill, items);
        expect(shares).toHaveLength(items.length);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(bill);
        for (const share of shares) {
          expect(Number.isSafeInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('gives every item its floor share, and only the largest item the remainder (less than one cent per item)', () => {
    fc.assert(
      fc.property(cents, weights, (bill, items) => {
        const shares = spreadCents(bill, items);
        const total = items.reduce((sum, weight) => sum + BigInt(weight), 0n);
        const used = total === 0n ? items.map(() => 1n) : items.map(BigInt);
        const denominator = total === 0n ? BigInt(items.length) : total;
        const floors = used.map((weight) => Number((BigInt(bill) * weight) / denominator));
        const largest = used.indexOf(used.reduce((max, weight) => (weight > max ? weight : max), 0n));
        shares.forEach((share, index) => {
          if (index === largest) {
            expect(share - floors[index]!).toBeGreaterThanOrEqual(0);
            expect(share - floors[index]!).toBeLessThan(items.length);
          } else {
            expect(share).toBe(floors[index]);
          }
        });
      }),
    );
  });

  it('bills each item at its value when the bill equals the total value', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 40 }), (values) => {
        const total = values.reduce((sum, value) => sum + value, 0);
        fc.pre(total > 0);
        expect(spreadCents(total, values)).toEqual(values);
      }),
    );
  });
});
