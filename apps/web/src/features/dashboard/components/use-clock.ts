import { useEffect, useState } from 'react';
import { CLOCK_TICK_MS } from '@practice/shared';

/** The current moment, refreshed every 60 s (SPEC 2: the dashboard clock). */
export function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
