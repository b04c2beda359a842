import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { invoiceKeys, invoiceSchema } from './invoice-views';

/** GET /invoices/{id}: the invoice with its lines, totals and balance. */
export function useInvoice(id: number) {
  return useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: async () => parseAnswer(invoiceSchema, await api.get(`/invoices/${id}`)),
    enabled: id > 0,
  });
}
