import { describe, expect, it } from 'vitest';
import { spreadBill, type SpreadItem } from './write-spread';

const item = (id: number, standard_cents: number, minutes = 60): SpreadItem => ({ id, standard_cents, minutes });

/** A small deterministic generator (mulberry32), so a failing case can be replayed. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('spreadBill (PRODUCT.md write-up/down)', () => {
  it('spreads $500 over $650 of WIP as $384.62 and $115.38', () => {
    const lines = spreadBill([item(1, 50_000), item(2, 15_000)], 50_000);
    expect(lines).toEqual([
      { id: 1, standard_cents: 50_000, billed_cents: 38_462, write_cents: -11_538 },
      { id: 2, standard_cents: 15_000, billed_cents: 11_538, write_cents: -3_462 },
    ]);
  });

  it('leaves every entry at its standard value when the bill equals the WIP', () => {
    const lines = spreadBill([item(1, 333), item(2, 333), item(3, 334)], 1000);
    expect(lines.map((line) => line.write_cents)).toEqual([0, 0, 0]);
  });

  it('puts the rounding remainder on the largest item, the first of equals', () => {
    const lines = spreadBill([item(1, 100), item(2, 100), item(3, 100)], 100);
    expect(lines.map((line) => line.billed_cents)).toEqual([34, 33, 33]);
  });

  it('writes up as well as down', () => {
    const lines = spreadBill([item(1, 10_000), item(2, 30_000)], 50_000);
    expect(lines.map((line) => line.write_cents)).toEqual([2_500, 7_500]);
  });

  it('spreads by minutes when the firm bills by hours', () => {
    const lines = spreadBill([item(1, 10_000, 30), item(2, 10_000, 90)], 10_000, 'hours');
    expect(lines.map((line) => line.billed_cents)).toEqual([2_500, 7_500]);
  });

  it('weighs by minutes when the time has no value', () => {
    const lines = spreadBill([item(1, 0, 30), item(2, 0, 90)], 5_000);
    expect(lines.map((line) => line.billed_cents)).toEqual([1_250, 3_750]);
  });

  it('refuses a negative or fractional bill', () => {
    expect(() => spreadBill([item(1, 100)], -1)).toThrow(RangeError);
    expect(() => spreadBill([item(1, 100)], 1.5)).toThrow(RangeError);
  });

  it('stays exact with amounts whose products pass 2^53', () => {
    const lines = spreadBill([item(1, 9_000_000_000), item(2, 1_000_000_001)], 9_999_999_999);
    expect(lines.reduce((total, line) => total + line.billed_cents, 0)).toBe(9_999_999_999);
  });

  it('always bills exactly the amount, in whole cents, never below zero, no item further from its exact share than the item count in cents', () => {
    const random = randomSource(20261124);
    for (let run = 0; run < 2_000; run += 1) {
      const count = 1 + Math.floor(random() * 12);
      const items = Array.from({ length: count }, (_, index) =>
        item(index + 1, Math.floor(random() * 500_000), 1 + Math.floor(random() * 600)),
      );
      const bill = Math.floor(random() * 2_000_000);
      const basis = random() < 0.5 ? 'value' : 'hours';
      const lines = spreadBill(items, bill, basis);
      const weights = items.map((entry) => (basis === 'value' ? entry.standard_cents : entry.minutes));
      const totalWeight = weights.reduce((total, weight) => total + weight, 0);
      expect(lines.reduce((total, line) => total + line.billed_cents, 0)).toBe(bill);
      lines.forEach((line, index) => {
        expect(Number.isInteger(line.billed_cents)).toBe(true);
        expect(line.billed_cents).toBeGreaterThanOrEqual(0);
        expect(line.write_cents).toBe(line.billed_cents - line.standard_cents);
        if (totalWeight > 0) {
          const share = (bill * (weights[index] ?? 0)) / totalWeight;
          expect(Math.abs(line.billed_cents - share)).toBeLessThan(count + 1);
        }
      });
    }
  });
});
