import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceDraftInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { invoiceKeys, invoiceSchema } from './invoice-views';

/** POST /invoices: a draft of the selected WIP items; an item already on an invoice answers 409. */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: InvoiceDraftInput) => parseAnswer(invoiceSchema, await api.post('/invoices', input)),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice);
      return queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}
