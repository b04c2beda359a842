import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceUpdateInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { invoiceKeys, invoiceSchema } from './invoice-views';

/** PUT /invoices/{id}: a draft's dates, layout, narrative, fixed fees and tax, with the version read (stale: 409). */
export function useUpdateInvoice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: InvoiceUpdateInput) =>
      parseAnswer(invoiceSchema, await api.put(`/invoices/${id}`, input)),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(id), invoice);
      return queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() });
    },
  });
}
