import { z } from 'zod';
import { INVOICE_LINE_KINDS, INVOICE_STATUSES, type PortalCheckout, type PortalInvoice } from '@practice/shared';

/** The answers of the client portal (their OpenAPI response schemas). */

export const portalInvoiceAnswer: z.ZodType<PortalInvoice> = z.object({
  invoice: z.object({
    id: z.int(),
    number: z.string(),
    status: z.enum(INVOICE_STATUSES),
    issue_date: z.string().nullable(),
    due_date: z.string().nullable(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    client_name: z.string(),
    lines: z.array(
      z.object({
        kind: z.enum(INVOICE_LINE_KINDS),
        description: z.string(),
        minutes: z.int().nullable(),
        amount_cents: z.int(),
      }),
    ),
    subtotal_cents: z.int(),
    tax_rate_bp: z.int(),
    tax_cents: z.int(),
    total_cents: z.int(),
    credited_cents: z.int(),
    applied_cents: z.int(),
    balance_cents: z.int(),
    narrative: z.string(),
  }),
  firm: z.object({
    name: z.string(),
    remit_to: z.string(),
    invoice_footer: z.string(),
    branding: z.object({ primaryColor: z.string().nullable(), secondaryColor: z.string().nullable() }),
    logo_url: z.string().nullable(),
  }),
  payments: z.array(
    z.object({
      payment_date: z.string(),
      amount_cents: z.int(),
      method: z.string(),
      source: z.enum(['staff', 'portal']),
    }),
  ),
  payable: z.boolean().describe('Pay is offered: an open balance on a pending or partial invoice'),
  csrf: z.string().optional().describe("The session's CSRF value, echoed as X-CSRF-TOKEN by the portal's writes"),
});

export const portalCheckoutAnswer: z.ZodType<PortalCheckout> = z.object({
  checkout_id: z.string(),
  provider: z.string(),
  amount_cents: z.int(),
  status: z.enum(['open', 'succeeded', 'failed']),
  url: z
    .string()
    .nullable()
    .describe('Where the browser gives its card to the provider (absolute, or a path of the API)'),
  failure_message: z.string().nullable(),
  payment: z.object({ id: z.int(), payment_date: z.string(), amount_cents: z.int() }).nullable(),
  balance_cents: z.int(),
});

/** POST /api/payments/webhooks/{provider}: what the event did. */
export const webhookAnswer = z.object({ received: z.boolean(), result: z.string() });
