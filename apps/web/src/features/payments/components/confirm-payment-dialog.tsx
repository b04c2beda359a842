import { useState } from 'react';
import { formatDate, formatMoney, PAYMENT_METHOD_LABELS, type PaymentInput } from '@practice/shared';
import { Modal } from '../../../components/modal';
import type { ApplicableInvoice } from './allocation';

const money = (cents: number) => formatMoney(cents, { decimals: true });

type ConfirmPaymentDialogProps = {
  clientName: string;
  payment: PaymentInput;
  invoices: ApplicableInvoice[];
  onConfirm: () => Promise<void>;
  onBack: () => void;
};

/**
 * Where money moves, the biller confirms first (UI.md): the client, the amount, how and when it
 * was paid, and what it pays, each invoice with what it leaves owing, and any unapplied credit.
 */
export function ConfirmPaymentDialog({ clientName, payment, invoices, onConfirm, onBack }: ConfirmPaymentDialogProps) {
  const [busy, setBusy] = useState(false);
  const applications = payment.applications ?? [];
  const applied = applications.reduce((sum, application) => sum + application.amount_cents, 0);
  const unapplied = payment.amount_cents - applied;
  const invoiceOf = (id: number) => invoices.find((invoice) => invoice.id === id);

  async function confirm(): Promise<void> {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title="Record this payment?" onClose={busy ? undefined : onBack}>
      <p>
        <strong>{money(payment.amount_cents)}</strong> from <strong>{clientName}</strong>,{' '}
        {PAYMENT_METHOD_LABELS[payment.method]}
        {payment.reference ? ` ${payment.reference}` : ''}, dated {formatDate(payment.payment_date, { long: true })}.
      </p>
      <ul className="payment-confirm-list" aria-label="What this payment pays">
        {applications.map((application) => {
          const invoice = invoiceOf(application.invoice_id);
          const owed = invoice ? invoice.balance_cents + invoice.current_cents : application.amount_cents;
          const left = owed - application.amount_cents;
          return (
            <li key={application.invoice_id}>
              Pays {money(application.amount_cents)} on {invoice?.number ?? `invoice #${application.invoice_id}`}
              {left === 0 ? ', paying it in full' : `, leaving ${money(left)} owing`}
            </li>
          );
        })}
        {unapplied > 0 && <li>Keeps {money(unapplied)} as unapplied credit for the client</li>}
      </ul>
      <div className="form-actions">
        <button type="button" className="button" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button
          type="button"
          className="button button-primary"
          data-autofocus
          disabled={busy}
          onClick={() => void confirm()}
        >
          {busy ? 'Recording...' : `Record payment of ${money(payment.amount_cents)}`}
        </button>
      </div>
    </Modal>
  );
}
