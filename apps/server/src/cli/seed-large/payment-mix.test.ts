import { describe, expect, it } from 'vitest';
import { cumulativeBounds, fateOf, partialAmount, PAYMENT_FATES, PAYMENT_METHOD_WEIGHTS } from './payment-mix';

describe('payment mix', () => {
  it('turns shares into ascending bounds that end at exactly 1', () => {
    const bounds = cumulativeBounds(PAYMENT_FATES.map((fate) => fate.share));
    expect(bounds).toHaveLength(PAYMENT_FATES.length);
    expect(bounds.at(-1)).toBe(1);
    for (let index = 1; index < bounds.length; index += 1) expect(bounds[index]!).toBeGreaterThan(bounds[index - 1]!);
    expect(cumulativeBounds(PAYMENT_METHOD_WEIGHTS.map((method) => method.weight))[0]).toBeCloseTo(0.45);
  });

  it('picks each fate for its share of uniform draws, most paid on time', () => {
    const draws = 100_000;
    const counts = new Map<string, number>();
    for (let index = 0; index < draws; index += 1) {
      const fate = fateOf((index + 0.5) / draws);
      counts.set(fate, (counts.get(fate) ?? 0) + 1);
    }
    for (const { fate, share } of PAYMENT_FATES) expect((counts.get(fate) ?? 0) / draws).toBeCloseTo(share, 3);
    expect(fateOf(0)).toBe('on_time');
    expect(fateOf(0.999_999)).toBe('unpaid');
  });

  it('pays part of an invoice in whole dollars, at least $1 and at least $1 short', () => {
    expect(partialAmount(100_000, 0)).toBe(30_000);
    expect(partialAmount(100_000, 0.999)).toBe(70_000);
    expect(partialAmount(12_345, 0.5)).toBe(6_100);
    expect(partialAmount(250, 0)).toBe(100);
    expect(partialAmount(200, 0.999)).toBe(100);
    for (let total = 200; total < 5_000; total += 37) {
      const amount = partialAmount(total, 0.42);
      expect(amount % 100).toBe(0);
      expect(amount).toBeGreaterThanOrEqual(100);
      expect(amount).toBeLessThanOrEqual(total - 100);
    }
  });
});
