import { useState } from 'react';
import { dateInZone } from '@practice/shared';
import { getServerClockOffsetMs, useOrganizationConfig, type OrganizationConfig } from './organization-config';

/** The firm's date at this moment: the server's clock in the firm's time zone (DESIGN.md, ADR 0200). */
export function firmTodayOf(config: OrganizationConfig | null, browserNowMs: number, offsetMs: number): string {
  if (!config?.time_zone) throw new Error("The firm's time zone is not loaded");
  return dateInZone(new Date(browserNowMs + offsetMs), config.time_zone);
}

/**
 * Every default date of the signed-in app: the firm's today, never the browser's (a browser in
 * another zone, or a New York evening on a UTC laptop, is a day ahead). The shell shows its
 * pages only once the firm's configuration is read, so it is always there.
 */
export function useFirmToday(): string {
  const { config } = useOrganizationConfig();
  // Taken when the page shows: a form's default date does not change under the person typing.
  const [shownAt] = useState(() => Date.now());
  return firmTodayOf(config, shownAt, getServerClockOffsetMs());
}
