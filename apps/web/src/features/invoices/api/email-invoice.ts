import { useMutation } from '@tanstack/react-query';
import type { InvoiceEmailInput } from '@practice/shared';
import { api } from '../../../lib/api';

/** POST /invoices/{id}/email: 202, the PDF attached and the portal link and code in the text. */
export function useEmailInvoice(id: number) {
  return useMutation({
    mutationFn: async (input: InvoiceEmailInput) =>
      api.post<{ queued: number; to: string[] }>(`/invoices/${id}/email`, input),
  });
}
