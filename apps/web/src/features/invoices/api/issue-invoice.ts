import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { invoiceKeys, invoiceSchema } from './invoice-views';

/** POST /invoices/{id}/issue: the next number of the firm's sequence, the access code, status pending. */
export function useIssueInvoice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => parseAnswer(invoiceSchema, await api.post(`/invoices/${id}/issue`)),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(id), invoice);
      return queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() });
    },
  });
}
