import { describe, expect, it } from 'vitest';
import { formatMileageRate, formatMiles, mileageAmountCents, milesToTenths } from './mileage';

describe('mileage', () => {
  it('multiplies tenths of a mile by mills in whole cents, half up', () => {
    expect(mileageAmountCents(125, 700)).toBe(875); // 12.5 mi x $0.70
    expect(mileageAmountCents(1, 655)).toBe(7); // 0.1 mi x $0.655 = 6.55 cents
    expect(mileageAmountCents(3, 655)).toBe(20); // 19.65 cents
    expect(mileageAmountCents(100_000, 10_000)).toBe(10_000_000);
  });

  it('takes miles with at most one decimal', () => {
    expect(milesToTenths(12.5)).toBe(125);
    expect(milesToTenths(0.1)).toBe(1);
    expect(milesToTenths(12)).toBe(120);
    expect(milesToTenths(12.55)).toBeNaN();
  });

  it('formats miles and rates for people', () => {
    expect(formatMiles(125)).toBe('12.5');
    expect(formatMiles(120)).toBe('12');
    expect(formatMileageRate(700)).toBe('$0.70');
    expect(formatMileageRate(655)).toBe('$0.655');
    expect(formatMileageRate(1250)).toBe('$1.25');
  });
});
