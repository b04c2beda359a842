import { z } from 'zod/mini';
import type { InvoiceDisplayStatus } from '../invoice-standing';
import { idOf, isoDate, optionalText, requiredText, versionField } from './fields';

/** Statuses of an invoice (PRODUCT.md 5): draft until issued, then by its balance, or void. */
export const INVOICE_STATUSES = ['draft', 'pending', 'partial', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** The statuses an issued, non-void invoice moves between as its balance changes. */
export const OPEN_INVOICE_STATUSES = ['pending', 'partial'] as const;

export const INVOICE_LAYOUTS = ['summary', 'detail'] as const;
export type InvoiceLayout = (typeof INVOICE_LAYOUTS)[number];

export const INVOICE_LINE_KINDS = ['time', 'expense', 'fixed_fee', 'tax'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/** How a bill amount is spread over the selected time entries (ADR 0110), set per firm. */
export const WRITE_SPREADS = ['value', 'hours'] as const;
export type WriteSpread = (typeof WRITE_SPREADS)[number];

export const INVOICE_AMOUNT_MAX_CENTS = 1_000_000_000;
/** Tax in basis points: 825 is 8.25%; at most 100%. */
export const TAX_RATE_BP_MAX = 10_000;
export const INVOICE_ITEMS_MAX = 2_000;
export const FIXED_FEES_MAX = 50;
export const NARRATIVE_TEXT_MAX = 5_000;
export const WRITE_REASON_MAX = 500;
export const VOID_REASON_MAX = 500;

export const WRITE_DOWN_REASON_REQUIRED = 'A reason is required for a write-down';
export const UNAPPLY_PAYMENTS_FIRST = 'Unapply the payments on this invoice first';

function cents(label: string, min: number) {
  return z
    .int({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be whole cents`) })
    .check(
      z.gte(min, min > 0 ? `${label} must be more than 0` : `${label} cannot be negative`),
      z.lte(INVOICE_AMOUNT_MAX_CENTS, `${label} must be at most $10,000,000`),
    );
}

function idList(label: string) {
  return z._default(
    z
      .array(idOf(label), `${label}s must be a list of ids`)
      .check(z.maxLength(INVOICE_ITEMS_MAX, `At most ${INVOICE_ITEMS_MAX} items fit on one invoice`)),
    [],
  );
}

export const fixedFeeSchema = z.object({
  description: requiredText('Description', 500),
  amount_cents: cents('Amount', 1),
});
export type FixedFeeInput = z.infer<typeof fixedFeeSchema>;

/** The parts of a draft that the preview edits (PUT /invoices/{id}, with `version`). */
const draftFields = {
  issue_date: z.optional(isoDate('Invoice date')),
  due_date: z.optional(isoDate('Due date')),
  invoice_text_id: z.optional(z.nullable(idOf('Invoice text'))),
  narrative: z.optional(optionalText('Narrative', NARRATIVE_TEXT_MAX)),
  fixed_fees: z.optional(
    z
      .array(fixedFeeSchema, 'Fixed fees must be a list')
      .check(z.maxLength(FIXED_FEES_MAX, `At most ${FIXED_FEES_MAX} fixed fees`)),
  ),
  tax_rate_bp: z.optional(
    z
      .int('Tax rate must be whole basis points')
      .check(z.gte(0, 'Tax rate cannot be negative'), z.lte(TAX_RATE_BP_MAX, 'Tax rate must be at most 100%')),
  ),
  layout: z.optional(z.enum(INVOICE_LAYOUTS, 'Layout must be summary or detail')),
};

/** The write-up or write-down of the selected time: the bill amount and why. */
const writeFields = {
  bill_cents: z.optional(cents('Bill amount', 0)),
  write_reason: z.optional(optionalText('Reason', WRITE_REASON_MAX)),
  write_reason_id: z.optional(z.nullable(idOf('Reason'))),
};

const dueNotBeforeIssue = z.refine<{ issue_date?: string; due_date?: string }>(
  (draft) => !draft.issue_date || !draft.due_date || draft.due_date >= draft.issue_date,
  { message: 'Due date cannot be before the invoice date', path: ['due_date'] },
);

/** POST /invoices: a draft from WIP items (API.md "WIP and invoices"). */
export const invoiceDraftSchema = z
  .object({
    client_id: idOf('Client'),
    time_entry_ids: idList('Time entry'),
    expense_ids: idList('Expense'),
    ...writeFields,
    ...draftFields,
  })
  .check(
    dueNotBeforeIssue,
    z.refine((draft) => draft.time_entry_ids.length + draft.expense_ids.length + (draft.fixed_fees?.length ?? 0) > 0, {
      message: 'Select at least one item to bill',
      path: ['time_entry_ids'],
    }),
  );
export type InvoiceDraftInput = z.infer<typeof invoiceDraftSchema>;

/** PUT /invoices/{id}: the draft's fields; items and the bill amount are changed by a new draft. */
export const invoiceUpdateSchema = z
  .object({ ...draftFields, ...writeFields, version: versionField() })
  .check(dueNotBeforeIssue);
export type InvoiceUpdateInput = z.infer<typeof invoiceUpdateSchema>;

export const invoiceVoidSchema = z.object({ reason: requiredText('Reason', VOID_REASON_MAX) });
export type InvoiceVoidInput = z.infer<typeof invoiceVoidSchema>;

/** POST /invoices/{id}/credit-memo and /write-off. */
export const invoiceAdjustmentSchema = z.object({
  amount_cents: cents('Amount', 1),
  reason: requiredText('Reason', VOID_REASON_MAX),
});
export type InvoiceAdjustmentInput = z.infer<typeof invoiceAdjustmentSchema>;

export const invoiceEmailSchema = z.object({
  to: z.optional(
    z
      .array(
        z.email('Each recipient must be a valid e-mail address').check(z.maxLength(254, 'An address is too long')),
        'Recipients must be a list of e-mail addresses',
      )
      .check(z.maxLength(20, 'At most 20 recipients')),
  ),
  message: z.optional(optionalText('Message', 2_000)),
});
export type InvoiceEmailInput = z.infer<typeof invoiceEmailSchema>;

/** A line as the client reads it (API.md); `write_cents` > 0 is a write-up, < 0 a write-down. */
export type InvoiceLine = {
  kind: InvoiceLineKind;
  description: string;
  minutes?: number;
  standard_cents?: number;
  amount_cents: number;
  write_cents?: number;
  /** detail layout: the entry or expense the line bills. */
  time_entry_id?: number;
  expense_id?: number;
  item_date?: string;
  user?: { id: number; name: string };
  write_reason?: string | null;
};

/** Per billed item: its standard value, billed value, difference and reason (kept for every layout). */
export type InvoiceItem = {
  kind: 'time' | 'expense' | 'fixed_fee';
  time_entry_id: number | null;
  expense_id: number | null;
  item_date: string | null;
  description: string;
  activity: string | null;
  user: { id: number; name: string } | null;
  minutes: number | null;
  rate_cents: number | null;
  standard_cents: number;
  amount_cents: number;
  write_cents: number;
  write_reason: string | null;
  write_reason_id: number | null;
};

/** The firm's header on an invoice: name, logo, remit-to address and footer. */
export type InvoiceFirmHeader = { name: string; logo_url: string | null; remit_to: string; invoice_footer: string };

/** One thing that reduced an issued invoice's balance: a payment applied to it, a credit memo or a write-off. */
export type InvoiceHistoryEntry = {
  kind: 'payment' | 'credit_memo' | 'write_off';
  entry_date: string;
  /** Payments only: check, ach, card, wire or cash, and the check or transfer reference. */
  method: string | null;
  reference: string;
  amount_cents: number;
  payment_id: number | null;
  /** Credit memos and write-offs: the reason given. */
  reason: string | null;
};

export type InvoiceView = {
  id: number;
  number: string | null;
  client_id: number;
  client: { id: number; client_id: string; legal_name: string; invoice_email: string | null };
  status: InvoiceStatus;
  /** How the status reads to a person (ADR 0207): "credited" or "written_off" where credit alone settled it. */
  display_status: InvoiceDisplayStatus;
  issue_date: string | null;
  due_date: string | null;
  terms_days: number;
  period_start: string | null;
  period_end: string | null;
  layout: InvoiceLayout;
  lines: InvoiceLine[];
  items: InvoiceItem[];
  subtotal_cents: number;
  tax_rate_bp: number;
  tax_cents: number;
  total_cents: number;
  applied_cents: number;
  credited_cents: number;
  /** What is still owed: total less payments and credits; 0 once void. */
  balance_cents: number;
  /** Oldest first: the payments applied to it now, its credit memos and write-offs. */
  payment_history: InvoiceHistoryEntry[];
  /** Sum of write-ups (+) and write-downs (-) over the items. */
  write_cents: number;
  standard_cents: number;
  narrative: string;
  invoice_text_id: number | null;
  access_code: string | null;
  portal_url: string | null;
  /** Drafts only: the number issuing would take now (another issue first moves it on). */
  next_number: string | null;
  /** The firm's header as the invoice prints it: every answer carries it, so no screen shows an invoice without it. */
  organization: InvoiceFirmHeader;
  void_reason: string | null;
  issued_at: string | null;
  voided_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
};

/** A row of the firm-wide list (GET /invoices). */
export type InvoiceListItem = {
  id: number;
  number: string | null;
  client_id: number;
  client: { id: number; client_id: string; legal_name: string };
  status: InvoiceStatus;
  display_status: InvoiceDisplayStatus;
  issue_date: string | null;
  due_date: string | null;
  total: number;
  total_cents: number;
  balance_cents: number;
};

/** A credit memo or write-off (201 of POST /invoices/{id}/credit-memo and /write-off). */
export type InvoiceAdjustmentView = {
  id: number;
  invoice_id: number;
  kind: 'credit_memo' | 'write_off';
  adjustment_date: string;
  amount_cents: number;
  reason: string;
  invoice: InvoiceView;
};

/** POST /write-reasons and PUT /write-reasons/{id}: the firm's reason codes. */
export const writeReasonSchema = z.object({
  code: requiredText('Code', 20),
  label: requiredText('Label', 100),
  active: z._default(z.boolean('Active must be true or false'), true),
});
export type WriteReasonInput = z.infer<typeof writeReasonSchema>;
