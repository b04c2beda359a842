import type { InvoiceLayout, InvoiceStatus } from '@practice/shared';

export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  pending: 'Pending',
  partial: 'Partial',
  paid: 'Paid',
  void: 'Void',
};

export const LAYOUT_LABELS: Record<InvoiceLayout, string> = {
  summary: 'Summary',
  detail: 'Detail',
};

export const LAYOUT_HINT = 'Summary: one line per activity. Detail: one line per entry.';
