import type { LedgerKind } from '../api/ledger-views';

export const KIND_LABELS: Record<LedgerKind, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit_memo: 'Credit memo',
  write_off: 'Write-off',
  invoice_void: 'Invoice void',
  payment_void: 'Payment void',
  refund: 'Refund',
};
