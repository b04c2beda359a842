import { useMemo, useState } from 'react';
import { formatDate, formatMoney } from '@practice/shared';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-error';
import { useSetApplications } from '../api/payment-mutations';
import type { OpenInvoice, Payment } from '../api/payment-views';
import { oldestFirst } from './allocation';
import { ApplicationsEditor } from './applications-editor';
import { editableInvoices } from './payment-edit-form';
import { checkedApplications, typedOf } from './record-payment-form';

type ApplyCreditDialogProps = {
  payment: Payment;
  /** The client's unapplied credit: refunds may have returned part of this payment's. */
  clientCreditCents: number;
  openInvoices: OpenInvoice[];
  onClose: () => void;
  onDone: (message: string) => void;
};

/**
 * Applies a payment's unapplied credit later (PUT /payments/{id}/applications): its current
 * applications stay as they are, and the credit (what the payment left unapplied, less what
 * was refunded to the client) starts spread oldest due first over the open invoices, which
 * the biller can change before applying.
 */
export function ApplyCreditDialog({
  payment,
  clientCreditCents,
  openInvoices,
  onClose,
  onDone,
}: ApplyCreditDialogProps) {
  const credit = Math.max(Math.min(payment.unapplied_cents, clientCreditCents), 0);
  const setApplications = useSetApplications(payment.id);
  const invoices = useMemo(() => editableInvoices(payment, openInvoices), [payment, openInvoices]);
  const [typed, setTyped] = useState<Record<string, string>>(() => {
    const cents = new Map(payment.applications.map((row) => [row.invoice_id, row.amount_cents]));
    const balances = invoices.map((invoice) => ({ ...invoice, current_cents: 0 }));
    for (const [id, amount] of oldestFirst(credit, balances)) cents.set(id, (cents.get(id) ?? 0) + amount);
    return typedOf(cents);
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply(): Promise<void> {
    setError(null);
    const checked = checkedApplications(invoices, typed);
    if (!checked.applications) return setError(checked.error);
    setBusy(true);
    try {
      const saved = await setApplications.mutateAsync({
        applications: checked.applications,
        version: payment.version,
      });
      onDone(
        `Applications saved: ${formatMoney(saved.applied_cents, { decimals: true })} applied, ${formatMoney(saved.unapplied_cents, { decimals: true })} unapplied.`,
      );
    } catch (failure) {
      setError(failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={`Apply credit of ${formatMoney(credit, { decimals: true })}`}
      onClose={busy ? undefined : onClose}
    >
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <p>
        Payment of {formatMoney(payment.amount_cents, { decimals: true })} received {formatDate(payment.payment_date)}
        {payment.reference ? ` (${payment.reference})` : ''}.
      </p>
      <ApplicationsEditor
        invoices={invoices}
        amountCents={payment.amount_cents}
        typed={typed}
        onType={(id, text) => setTyped((before) => ({ ...before, [id]: text }))}
        caption="Invoices and what this payment applies to each"
      />
      <div className="form-actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button button-primary" onClick={() => void apply()} disabled={busy}>
          {busy ? 'Working...' : 'Apply'}
        </button>
      </div>
    </Modal>
  );
}
