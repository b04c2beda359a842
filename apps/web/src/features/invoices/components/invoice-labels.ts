import { INVOICE_DISPLAY_LABELS, type InvoiceLayout, type InvoiceStatus } from '@practice/shared';

/** The filter's words for the stored statuses; a badge reads the invoice's display_status (ADR 0207). */
export const STATUS_LABELS: Record<InvoiceStatus, string> = INVOICE_DISPLAY_LABELS;

export const LAYOUT_LABELS: Record<InvoiceLayout, string> = {
  summary: 'Summary',
  detail: 'Detail',
};

export const LAYOUT_HINT = 'Summary: one line per activity. Detail: one line per entry.';
