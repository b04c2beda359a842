import { formatDate } from '../../../lib/format';

/** A server timestamp as the SPEC 9 date of the user's own day. */
export function passkeyDate(timestamp: string | null): string {
  if (!timestamp) return 'Never';
  const moment = new Date(timestamp);
  if (Number.isNaN(moment.getTime())) return timestamp;
  const day = [moment.getFullYear(), moment.getMonth() + 1, moment.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return formatDate(day);
}
