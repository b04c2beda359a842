import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InvoiceStatus } from '@practice/shared';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';
import { invoiceKeys, invoiceListItemSchema } from './invoice-views';

export type InvoiceListQuery = {
  q: string;
  status: InvoiceStatus | null;
  clientId: number | null;
  from: string;
  to: string;
  page: number;
};

export const INVOICES_PAGE_SIZE = 25;

const invoicePageSchema = pageSchema(invoiceListItemSchema);

export function invoiceListPath(query: InvoiceListQuery): string {
  const params = new URLSearchParams({ page: String(query.page), page_size: String(INVOICES_PAGE_SIZE) });
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.clientId) params.set('client_id', String(query.clientId));
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return `/invoices?${params.toString()}`;
}

/** GET /invoices: one page of the firm's invoices, newest first, filtered by the server. */
export function useInvoices(query: InvoiceListQuery) {
  return useQuery({
    queryKey: [...invoiceKeys.lists(), query],
    queryFn: async () => parseAnswer(invoicePageSchema, await api.get(invoiceListPath(query))),
    placeholderData: keepPreviousData,
  });
}
