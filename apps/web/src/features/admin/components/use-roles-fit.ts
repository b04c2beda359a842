import { useLayoutEffect, useState, type RefObject } from 'react';

/** The permission column, the card's padding and border, and the least a role's column needs. */
const PERMISSION_COLUMN_PX = 176;
const CARD_FRAME_PX = 34;
const ROLE_COLUMN_PX = 72;

/**
 * Whether the roles fit side by side in the page's box (ADR 0214): each role's column at least
 * wide enough for its checkbox and a wrapped name. Measured, not guessed from the window, so a
 * firm with more roles, or a narrower main column, gets one role at a time.
 */
export function useRolesFit(page: RefObject<HTMLElement | null>, roles: number): boolean {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = page.current;
    if (!element) return;
    // The observer also reports the first size, right after observe().
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [page]);
  return width === null || width >= PERMISSION_COLUMN_PX + CARD_FRAME_PX + ROLE_COLUMN_PX * roles;
}
