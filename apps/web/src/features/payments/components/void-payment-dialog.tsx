import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDate, formatMoney, paymentVoidSchema, type PaymentVoidInput } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { schemaResolver } from '../../../lib/form-resolver';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useVoidPayment } from '../api/payment-mutations';
import type { Payment } from '../api/payment-views';

type VoidPaymentDialogProps = { payment: Payment; onClose: () => void; onDone: (message: string) => void };

/** Voids a payment with its reason: says what comes back on which invoices before it does it. */
export function VoidPaymentDialog({ payment, onClose, onDone }: VoidPaymentDialogProps) {
  const voidPayment = useVoidPayment(payment.id);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<PaymentVoidInput>({
    defaultValues: { reason: '' },
    resolver: schemaResolver(paymentVoidSchema, (values: PaymentVoidInput) => values),
  });
  const amount = formatMoney(payment.amount_cents, { decimals: true });
  const invoices = payment.applications.map((row) => row.invoice_number ?? `#${row.invoice_id}`).join(', ');

  async function submit({ reason }: PaymentVoidInput): Promise<void> {
    setFormError(null);
    try {
      await voidPayment.mutateAsync(reason);
      onDone(`The payment of ${amount} is void; its applications were reversed.`);
    } catch (error) {
      setFormError(showServerErrors(error, setError, (name) => name === 'reason'));
    }
  }

  return (
    <Modal open title={`Void payment of ${amount}`} onClose={onClose}>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <p>
          Voiding writes a reversing ledger entry for the {amount} received on {formatDate(payment.payment_date)}
          {invoices ? ` and puts the amounts it paid back on ${invoices}.` : '.'}
        </p>
        <FormField label="Reason" data-autofocus error={formState.errors.reason?.message} {...register('reason')} />
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-danger" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Working...' : 'Void payment'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
