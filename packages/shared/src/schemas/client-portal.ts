import { z } from 'zod/mini';
import type { InvoiceLineKind, InvoiceStatus } from './invoice';
import { INVOICE_AMOUNT_MAX_CENTS } from './invoice';

/** API.md "Client portal" (issue 14). */
export const INVALID_ACCESS_CODE = 'Invalid access code';
export const ACCESS_CODE_INPUT_MAX = 64;

export const portalSessionSchema = z.object({
  access_code: z
    .string({ error: 'Access code is required' })
    .check(z.minLength(1, 'Access code is required'), z.maxLength(ACCESS_CODE_INPUT_MAX, INVALID_ACCESS_CODE)),
});
export type PortalSessionInput = z.infer<typeof portalSessionSchema>;

export const portalPaymentSchema = z.object({
  amount_cents: z
    .int({ error: (issue) => (issue.input === undefined ? 'Amount is required' : 'Amount must be whole cents') })
    .check(
      z.gt(0, 'Amount must be more than 0'),
      z.lte(INVOICE_AMOUNT_MAX_CENTS, 'Amount must be at most $10,000,000'),
    ),
});
export type PortalPaymentInput = z.infer<typeof portalPaymentSchema>;

export type PortalInvoiceLine = {
  kind: InvoiceLineKind;
  description: string;
  minutes: number | null;
  amount_cents: number;
};

/** GET /client-portal/invoice: what the invoice's PDF shows, its payments, and the firm's branding. */
export type PortalInvoice = {
  invoice: {
    id: number;
    number: string;
    status: InvoiceStatus;
    issue_date: string | null;
    due_date: string | null;
    period_start: string | null;
    period_end: string | null;
    client_name: string;
    lines: PortalInvoiceLine[];
    subtotal_cents: number;
    tax_rate_bp: number;
    tax_cents: number;
    total_cents: number;
    credited_cents: number;
    applied_cents: number;
    balance_cents: number;
    narrative: string;
  };
  firm: {
    name: string;
    remit_to: string;
    invoice_footer: string;
    branding: { primaryColor: string | null; secondaryColor: string | null };
    /** The firm's logo (GET /api/organization/logo naming the firm), or null when it has none. */
    logo_url: string | null;
  };
  payments: { payment_date: string; amount_cents: number; method: string; source: 'staff' | 'portal' }[];
  /** Whether Pay is offered: an open balance on a pending or partial invoice. */
  payable: boolean;
  /** The session's CSRF value, echoed as X-CSRF-TOKEN by the portal's writes. */
  csrf?: string;
};

export type PortalCheckoutStatus = 'open' | 'succeeded' | 'failed';

/** POST /client-portal/payment and GET /client-portal/payment/{checkoutId}. */
export type PortalCheckout = {
  checkout_id: string;
  provider: string;
  amount_cents: number;
  status: PortalCheckoutStatus;
  /** Where the browser goes to give its card to the provider (absolute, or a path of the API). */
  url: string | null;
  failure_message: string | null;
  payment: { id: number; payment_date: string; amount_cents: number } | null;
  balance_cents: number;
};
