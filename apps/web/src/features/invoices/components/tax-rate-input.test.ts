import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, percentToBasisPoints } from './tax-rate-input';

describe('tax rate input', () => {
  it('reads percentages as whole basis points without floating point', () => {
    expect(percentToBasisPoints('8.25')).toBe(825);
    expect(percentToBasisPoints('8.2%')).toBe(820);
    expect(percentToBasisPoints('7')).toBe(700);
    expect(percentToBasisPoints('')).toBe(0);
    expect(percentToBasisPoints('0.29')).toBe(29);
  });

  it('passes text that is no rate on as NaN', () => {
    expect(percentToBasisPoints('8.255')).toBeNaN();
    expect(percentToBasisPoints('-1')).toBeNaN();
    expect(percentToBasisPoints('abc')).toBeNaN();
  });

  it('shows basis points as the input holds them', () => {
    expect(basisPointsToPercent(825)).toBe('8.25');
    expect(basisPointsToPercent(700)).toBe('7.00');
    expect(basisPointsToPercent(0)).toBe('');
  });
});
