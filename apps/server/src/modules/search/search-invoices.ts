import { formatMoney, type SearchResult } from '@practice/shared';
import { dayOf } from './rows';

/** An invoice found by search_view (migration 0052): by number, or of the best-matching clients. */
export type InvoiceRow = {
  id: number;
  number: string | null;
  status: string;
  issue_date: string | null;
  created_at: string;
  total_cents: number;
  client_code: string;
  client_name: string;
};

export function invoiceResult(row: InvoiceRow): SearchResult {
  return {
    id: String(row.id),
    type: 'invoice',
    title: row.number ?? `Draft invoice for ${row.client_name}`,
    subtitle: `${row.client_name} (${row.client_code}) · ${formatMoney(Number(row.total_cents), { decimals: true })}`,
    url: `/invoices/${row.id}`,
    meta: { status: row.status, date: dayOf(row.issue_date ?? row.created_at) },
  };
}
