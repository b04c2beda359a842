import { z } from 'zod/mini';
import { INVOICE_STATUSES, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, PAYMENT_STATUSES } from '@practice/shared';

/** The shapes of the payment, refund and open-invoice answers this feature reads (API.md "Payments, ledger, billing"). */

const clientRef = z.object({ id: z.number(), client_id: z.string(), legal_name: z.string() });

export const paymentApplicationViewSchema = z.object({
  invoice_id: z.number(),
  invoice_number: z.nullable(z.string()),
  amount_cents: z.number(),
});

export const paymentViewSchema = z.object({
  id: z.number(),
  client_id: z.number(),
  client: clientRef,
  payment_date: z.string(),
  amount_cents: z.number(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  memo: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  void_reason: z.optional(z.nullable(z.string())),
  applications: z.array(paymentApplicationViewSchema),
  applied_cents: z.number(),
  unapplied_cents: z.number(),
  version: z.number(),
});
export type Payment = z.infer<typeof paymentViewSchema>;

export const paymentListSchema = z.object({
  items: z.array(paymentViewSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  totals: z.object({ amount_cents: z.number(), applied_cents: z.number(), unapplied_cents: z.number() }),
});
export type PaymentList = z.infer<typeof paymentListSchema>;

export const refundListSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      client_id: z.number(),
      refund_date: z.string(),
      amount_cents: z.number(),
      method: z.enum(PAYMENT_METHODS),
      reference: z.string(),
      memo: z.string(),
    }),
  ),
  unapplied_cents: z.number(),
});
export type RefundList = z.infer<typeof refundListSchema>;

export const openInvoiceSchema = z.object({
  id: z.number(),
  number: z.nullable(z.string()),
  status: z.enum(INVOICE_STATUSES),
  issue_date: z.nullable(z.string()),
  due_date: z.nullable(z.string()),
  total_cents: z.number(),
  balance_cents: z.optional(z.number()),
});
export type OpenInvoice = z.infer<typeof openInvoiceSchema>;

export const METHOD_LABELS = PAYMENT_METHOD_LABELS;

/**
 * Payments change invoice balances and the client's AR, so every payment change refreshes
 * the invoices feature's queries ('invoices') and the client's aging ('ledger') as well.
 */
export const paymentKeys = {
  all: ['payments'] as const,
  client: (clientId: number) => [...paymentKeys.all, 'client', clientId] as const,
  refunds: (clientId: number) => [...paymentKeys.all, 'refunds', clientId] as const,
  openInvoices: (clientId: number) => [...paymentKeys.all, 'open-invoices', clientId] as const,
  detail: (id: number) => [...paymentKeys.all, 'detail', id] as const,
};
export const AFFECTED_BY_PAYMENTS = [paymentKeys.all, ['invoices'], ['ledger'], ['clients']] as const;
