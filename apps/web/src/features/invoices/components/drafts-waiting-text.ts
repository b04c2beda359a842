import { formatHours, formatMoney } from '@practice/shared';
import type { ClientDrafts } from '../api/client-drafts';

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "3 draft time entries (4.5 h) and 1 draft expense ($120.00)"; null when none wait. */
export function draftsWaitingText(totals: ClientDrafts['totals']): string | null {
  const parts = [
    totals.time_entries > 0 &&
      `${counted(totals.time_entries, 'draft time entry', 'draft time entries')} (${formatHours(totals.minutes)} h)`,
    totals.expenses > 0 &&
      `${counted(totals.expenses, 'draft expense', 'draft expenses')} (${formatMoney(totals.expense_cents, { decimals: true })})`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' and ') : null;
}
