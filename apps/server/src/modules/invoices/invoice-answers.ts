import { z } from 'zod';
import {
  INVOICE_LAYOUTS,
  INVOICE_LINE_KINDS,
  INVOICE_DISPLAY_STATUSES,
  INVOICE_STATUSES,
  pageFields,
  type InvoiceHistoryEntry,
  type InvoiceAdjustmentView,
  type InvoiceItem,
  type InvoiceLine,
  type InvoiceListItem,
  type InvoiceTextView,
  type InvoiceView,
  type WriteReasonView,
} from '@practice/shared';
import { expenseAnswer } from '../expenses/expense-answers';
import { timeEntryAnswer } from '../time-entries/time-entry-answers';

/** The answers of the invoice routes (their OpenAPI response schemas), checked against the shared view types. */

const person = z.object({ id: z.int(), name: z.string() });
const clientReference = { id: z.int(), client_id: z.string(), legal_name: z.string() };

const invoiceLine: z.ZodType<InvoiceLine> = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  minutes: z.int().optional(),
  standard_cents: z.int().optional(),
  amount_cents: z.int(),
  write_cents: z.int().optional(),
  time_entry_id: z.int().optional(),
  expense_id: z.int().optional(),
  item_date: z.string().optional(),
  user: person.optional(),
  write_reason: z.string().nullable().optional(),
});

const invoiceItem: z.ZodType<InvoiceItem> = z.object({
  kind: z.enum(['time', 'expense', 'fixed_fee']),
  time_entry_id: z.int().nullable(),
  expense_id: z.int().nullable(),
  item_date: z.string().nullable(),
  description: z.string(),
  activity: z.string().nullable(),
  user: person.nullable(),
  minutes: z.int().nullable(),
  rate_cents: z.int().nullable(),
  standard_cents: z.int(),
  amount_cents: z.int(),
  write_cents: z.int(),
  write_reason: z.string().nullable(),
  write_reason_id: z.int().nullable(),
});

const historyEntry: z.ZodType<InvoiceHistoryEntry> = z.object({
  kind: z.enum(['payment', 'credit_memo', 'write_off']),
  entry_date: z.string(),
  method: z.string().nullable(),
  reference: z.string(),
  amount_cents: z.int(),
  payment_id: z.int().nullable(),
  reason: z.string().nullable(),
});

export const invoiceAnswer: z.ZodType<InvoiceView> = z.object({
  id: z.int(),
  number: z.string().nullable(),
  client_id: z.int(),
  client: z.object({ ...clientReference, invoice_email: z.string().nullable() }),
  status: z.enum(INVOICE_STATUSES),
  display_status: z.enum(INVOICE_DISPLAY_STATUSES),
  issue_date: z.string().nullable(),
  due_date: z.string().nullable(),
  terms_days: z.int(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  layout: z.enum(INVOICE_LAYOUTS),
  lines: z.array(invoiceLine),
  items: z.array(invoiceItem),
  subtotal_cents: z.int(),
  tax_rate_bp: z.int(),
  tax_cents: z.int(),
  total_cents: z.int(),
  applied_cents: z.int(),
  credited_cents: z.int(),
  balance_cents: z.int(),
  payment_history: z.array(historyEntry),
  write_cents: z.int(),
  standard_cents: z.int(),
  narrative: z.string(),
  invoice_text_id: z.int().nullable(),
  access_code: z.string().nullable(),
  portal_url: z.string().nullable(),
  next_number: z.string().nullable(),
  organization: z.object({
    name: z.string(),
    logo_url: z.string().nullable(),
    remit_to: z.string(),
    invoice_footer: z.string(),
  }),
  void_reason: z.string().nullable(),
  issued_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});

const invoiceListItem: z.ZodType<InvoiceListItem> = z.object({
  id: z.int(),
  number: z.string().nullable(),
  client_id: z.int(),
  client: z.object(clientReference),
  status: z.enum(INVOICE_STATUSES),
  display_status: z.enum(INVOICE_DISPLAY_STATUSES),
  issue_date: z.string().nullable(),
  due_date: z.string().nullable(),
  total: z.int(),
  total_cents: z.int(),
  balance_cents: z.int(),
});

export const invoiceListAnswer = z.object({ ...pageFields, items: z.array(invoiceListItem) });

export const invoiceAdjustmentAnswer: z.ZodType<InvoiceAdjustmentView> = z.object({
  id: z.int(),
  invoice_id: z.int(),
  kind: z.enum(['credit_memo', 'write_off']),
  adjustment_date: z.string(),
  amount_cents: z.int(),
  reason: z.string(),
  invoice: invoiceAnswer,
});

export const invoiceEmailAnswer = z.object({ queued: z.int(), to: z.array(z.string()) });

export const writeReasonAnswer: z.ZodType<WriteReasonView> = z.object({
  id: z.int(),
  code: z.string(),
  label: z.string(),
  active: z.boolean(),
});

export const writeReasonListAnswer = z.object({ ...pageFields, items: z.array(writeReasonAnswer) });

export const invoiceTextAnswer: z.ZodType<InvoiceTextView> = z.object({
  id: z.int(),
  name: z.string(),
  body: z.string(),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const invoiceTextListAnswer = z.object({ ...pageFields, items: z.array(invoiceTextAnswer) });

const wipBody: z.ZodType<unknown> = z.object({
  client: z.object({ ...clientReference, payment_terms_days: z.int(), invoice_email: z.string().nullable() }),
  write_spread: z.enum(['value', 'hours']),
  time_entries: z.array(timeEntryAnswer),
  expenses: z.array(expenseAnswer),
  totals: z.object({ minutes: z.int(), time_cents: z.int(), expense_cents: z.int(), total_cents: z.int() }),
});

/**
 * GET /clients/{id}/wip: the database writes this answer as JSON text and the route sends it
 * as it is (ADR 0140), so the schema documents it and never serialises it.
 */
export const wipAnswer = {
  description: "The client's unbilled time entries and expenses, with their totals",
  content: {
    'application/json': {
      schema: wipBody,
    },
  },
};
