import { useEffect, useState } from 'react';
import { HERO_FIRST_ITEM_DELAY_MS, HERO_ITEM_INTERVAL_MS } from '@practice/shared';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../../lib/use-media-query';

/**
 * SPEC 1: how many of `count` items are revealed: the first after 500 ms, then one every
 * 200 ms. With reduced motion asked for, all of them at once.
 */
export function useStaggeredReveal(count: number): number {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [revealed, setRevealed] = useState(0);

  useEffect(() => {
    if (reducedMotion) return;
    const timers = Array.from({ length: count }, (_, index) =>
      setTimeout(() => setRevealed(index + 1), HERO_FIRST_ITEM_DELAY_MS + index * HERO_ITEM_INTERVAL_MS),
    );
    return () => timers.forEach(clearTimeout);
  }, [count, reducedMotion]);

  return reducedMotion ? count : revealed;
}
