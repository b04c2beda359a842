import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStaggeredReveal } from './use-staggered-reveal';

function preferReducedMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('the hero reveal (SPEC 1)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reveals the first item after 500 ms, then one every 200 ms', () => {
    preferReducedMotion(false);
    const { result } = renderHook(() => useStaggeredReveal(4));
    const after = (ms: number) => {
      act(() => vi.advanceTimersByTime(ms));
      return result.current;
    };
    expect(result.current).toBe(0);
    expect(after(499)).toBe(0);
    expect(after(1)).toBe(1);
    expect(after(199)).toBe(1);
    expect(after(1)).toBe(2);
    expect(after(200)).toBe(3);
    expect(after(200)).toBe(4);
    expect(after(1000)).toBe(4);
  });

  it('reveals everything at once when reduced motion is asked for', () => {
    preferReducedMotion(true);
    const { result } = renderHook(() => useStaggeredReveal(4));
    expect(result.current).toBe(4);
  });
});
