import { z } from 'zod/mini';
import {
  INVOICE_DISPLAY_STATUSES,
  INVOICE_LAYOUTS,
  INVOICE_LINE_KINDS,
  INVOICE_STATUSES,
  WRITE_SPREADS,
} from '@practice/shared';

/** The shapes of the WIP, invoice and invoice text answers this feature reads (API.md "WIP and invoices"). */

const clientRef = z.object({ id: z.number(), client_id: z.string(), legal_name: z.string() });
const personRef = z.object({ id: z.number(), name: z.string() });

export const wipTimeEntrySchema = z.object({
  id: z.number(),
  user: personRef,
  activity_type: z.object({ id: z.number(), name: z.string(), code: z.string() }),
  entry_date: z.string(),
  minutes: z.number(),
  narrative: z.string(),
  rate_cents: z.number(),
  amount_cents: z.number(),
});
export type WipTimeEntry = z.infer<typeof wipTimeEntrySchema>;

export const wipExpenseSchema = z.object({
  id: z.number(),
  user: personRef,
  expense_date: z.string(),
  category: z.string(),
  description: z.string(),
  total_cents: z.number(),
});
export type WipExpense = z.infer<typeof wipExpenseSchema>;

export const wipSchema = z.object({
  client: z.extend(clientRef, { payment_terms_days: z.optional(z.number()) }),
  write_spread: z._default(z.enum(WRITE_SPREADS), 'value'),
  time_entries: z.array(wipTimeEntrySchema),
  expenses: z.array(wipExpenseSchema),
  totals: z.object({
    minutes: z.number(),
    time_cents: z.number(),
    expense_cents: z.number(),
    total_cents: z.number(),
  }),
});
export type Wip = z.infer<typeof wipSchema>;

export const invoiceLineSchema = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  minutes: z.optional(z.nullable(z.number())),
  standard_cents: z.optional(z.nullable(z.number())),
  amount_cents: z.number(),
  write_cents: z.optional(z.nullable(z.number())),
  item_date: z.optional(z.nullable(z.string())),
  user: z.optional(z.nullable(personRef)),
  write_reason: z.optional(z.nullable(z.string())),
});
export type InvoiceLineView = z.infer<typeof invoiceLineSchema>;

const firmSchema = z.object({
  name: z.string(),
  logo_url: z.optional(z.nullable(z.string())),
  remit_to: z.optional(z.nullable(z.string())),
  invoice_footer: z.optional(z.nullable(z.string())),
});

export const invoiceHistoryEntrySchema = z.object({
  kind: z.enum(['payment', 'credit_memo', 'write_off']),
  entry_date: z.string(),
  method: z.nullable(z.string()),
  reference: z.string(),
  amount_cents: z.number(),
  payment_id: z.nullable(z.number()),
  reason: z.nullable(z.string()),
});
export type InvoiceHistoryEntry = z.infer<typeof invoiceHistoryEntrySchema>;

export const invoiceSchema = z.object({
  id: z.number(),
  number: z.nullable(z.string()),
  client_id: z.number(),
  client: z.extend(clientRef, { invoice_email: z.optional(z.nullable(z.string())) }),
  status: z.enum(INVOICE_STATUSES),
  display_status: z.enum(INVOICE_DISPLAY_STATUSES),
  issue_date: z.nullable(z.string()),
  due_date: z.nullable(z.string()),
  terms_days: z.optional(z.nullable(z.number())),
  period_start: z.optional(z.nullable(z.string())),
  period_end: z.optional(z.nullable(z.string())),
  layout: z._default(z.enum(INVOICE_LAYOUTS), 'summary'),
  lines: z.array(invoiceLineSchema),
  subtotal_cents: z.number(),
  tax_rate_bp: z.number(),
  tax_cents: z.number(),
  total_cents: z.number(),
  applied_cents: z.number(),
  credited_cents: z.number(),
  balance_cents: z.number(),
  payment_history: z.array(invoiceHistoryEntrySchema),
  narrative: z.nullable(z.string()),
  invoice_text_id: z.optional(z.nullable(z.number())),
  access_code: z.optional(z.nullable(z.string())),
  portal_url: z.optional(z.nullable(z.string())),
  void_reason: z.optional(z.nullable(z.string())),
  /** The firm's header (name, logo, remit-to) when the server sends it with the invoice. */
  organization: z.optional(z.nullable(firmSchema)),
  /** A draft: the number issuing it would take now (prefix + number), for the confirmation. */
  next_number: z.optional(z.nullable(z.string())),
  version: z.number(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListItemSchema = z.object({
  id: z.number(),
  number: z.nullable(z.string()),
  client: clientRef,
  status: z.enum(INVOICE_STATUSES),
  display_status: z.enum(INVOICE_DISPLAY_STATUSES),
  issue_date: z.nullable(z.string()),
  due_date: z.nullable(z.string()),
  total_cents: z.number(),
  balance_cents: z.optional(z.number()),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const invoiceTextViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  body: z.string(),
  version: z.number(),
});
export type InvoiceTextView = z.infer<typeof invoiceTextViewSchema>;

export const invoiceKeys = {
  all: ['invoices'] as const,
  wip: (clientId: number) => [...invoiceKeys.all, 'wip', clientId] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  detail: (id: number) => [...invoiceKeys.all, 'detail', id] as const,
  texts: () => [...invoiceKeys.all, 'texts'] as const,
  text: (id: number) => [...invoiceKeys.all, 'texts', id] as const,
};

export const writeReasonSchema = z.object({ id: z.number(), code: z.string(), label: z.string(), active: z.boolean() });
export type WriteReason = z.infer<typeof writeReasonSchema>;
