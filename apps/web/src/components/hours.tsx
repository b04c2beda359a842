import { formatHours, formatHoursMinutes } from '@practice/shared';

/**
 * Hours as SPEC 9 shows them, 1 decimal, with the exact h:mm on hover and for screen readers'
 * description (docs/decisions/0109). `minutes` is the exact figure, summed from minutes for a total.
 */
export function Hours({ minutes }: { minutes: number | null | undefined }) {
  return <span title={`${formatHoursMinutes(minutes)} (h:mm)`}>{formatHours(minutes)}</span>;
}
