import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { INVOICE_DISPLAY_STATUSES, INVOICE_STATUSES } from '@practice/shared';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';

const clientInvoiceSchema = z.object({
  id: z.number(),
  number: z.nullable(z.string()),
  status: z.enum(INVOICE_STATUSES),
  display_status: z.enum(INVOICE_DISPLAY_STATUSES),
  issue_date: z.nullable(z.string()),
  due_date: z.nullable(z.string()),
  total_cents: z.number(),
  balance_cents: z.optional(z.number()),
});
export type ClientInvoice = z.infer<typeof clientInvoiceSchema>;

export const CLIENT_INVOICES_SHOWN = 10;

/** GET /invoices?client_id=: the client's latest invoices for the profile page, drafts included. */
export function useClientInvoices(clientId: number, enabled: boolean) {
  return useQuery({
    // Under the invoices feature's key, so billing, issuing or voiding refreshes the card.
    queryKey: ['invoices', 'list', { clientId, page: 1, size: CLIENT_INVOICES_SHOWN }],
    queryFn: async () =>
      parseAnswer(
        pageSchema(clientInvoiceSchema),
        await api.get(`/invoices?client_id=${clientId}&page_size=${CLIENT_INVOICES_SHOWN}`),
      ),
    enabled,
    staleTime: 0,
  });
}
