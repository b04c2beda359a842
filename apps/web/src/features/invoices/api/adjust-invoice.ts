import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceAdjustmentInput, InvoiceVoidInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { invoiceKeys } from './invoice-views';

export type InvoiceAdjustment =
  { kind: 'void'; input: InvoiceVoidInput } | { kind: 'credit-memo' | 'write-off'; input: InvoiceAdjustmentInput };

/**
 * POST /invoices/{id}/void, /credit-memo or /write-off: each writes a ledger row and changes
 * the balance (a void also puts the items back in WIP), so the invoice and WIP load again.
 */
export function useAdjustInvoice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, input }: InvoiceAdjustment) => {
      await api.post(`/invoices/${id}/${kind}`, input);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
