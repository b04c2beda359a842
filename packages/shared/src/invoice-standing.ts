import type { InvoiceStatus } from './schemas/invoice';

/**
 * How an invoice reads to a person: its status, except that an invoice settled by credit
 * alone reads "Credited" or "Written off" rather than "Partial" or "Paid" (ADR 0207).
 */
export const INVOICE_DISPLAY_STATUSES = [
  'draft',
  'pending',
  'partial',
  'paid',
  'void',
  'credited',
  'written_off',
] as const;
export type InvoiceDisplayStatus = (typeof INVOICE_DISPLAY_STATUSES)[number];

export const INVOICE_DISPLAY_LABELS: Record<InvoiceDisplayStatus, string> = {
  draft: 'Draft',
  pending: 'Pending',
  partial: 'Partial',
  paid: 'Paid',
  void: 'Void',
  credited: 'Credited',
  written_off: 'Written off',
};

/** What reduced an issued invoice's balance, in cents. */
export type InvoiceSettlement = {
  status: InvoiceStatus;
  applied_cents: number;
  credit_memo_cents: number;
  written_off_cents: number;
};

/**
 * ADR 0207: payments name the status when any is applied ("Partial", "Paid"); with none, a
 * credit memo makes it "Credited" (whether it closed the balance or reduced it), else a
 * write-off "Written off". Draft, pending and void read as they are.
 */
export function invoiceDisplayStatus(invoice: InvoiceSettlement): InvoiceDisplayStatus {
  if (invoice.status !== 'partial' && invoice.status !== 'paid') return invoice.status;
  if (invoice.applied_cents > 0) return invoice.status;
  if (invoice.credit_memo_cents > 0) return 'credited';
  if (invoice.written_off_cents > 0) return 'written_off';
  return invoice.status;
}

/** What an invoice still owes: a void invoice owes nothing, whatever its total was (PRODUCT.md 5). */
export function invoiceBalanceCents(invoice: {
  status: InvoiceStatus;
  total_cents: number;
  applied_cents: number;
  credited_cents: number;
}): number {
  if (invoice.status === 'void') return 0;
  return invoice.total_cents - invoice.applied_cents - invoice.credited_cents;
}
