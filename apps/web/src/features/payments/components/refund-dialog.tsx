import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatMoney, PAYMENT_METHODS, refundSchema, type RefundInput } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { schemaResolver } from '../../../lib/form-resolver';
import { centsToInput, inputToCents } from '../../../lib/money-input';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useFirmToday } from '../../../lib/firm-today';
import { notAfterToday } from '../../../lib/not-after-today';
import { useRefundCredit } from '../api/payment-mutations';
import { METHOD_LABELS } from '../api/payment-views';

type RefundValues = { refund_date: string; amount_cents: string; method: string; reference: string; memo: string };

type RefundDialogProps = {
  clientId: number;
  creditCents: number;
  onClose: () => void;
  onDone: (message: string) => void;
};

const FIELDS = new Set(['refund_date', 'amount_cents', 'method', 'reference', 'memo']);

/** Returns unapplied credit to the client (a ledger debit): at most the credit, dated on or after the payment that funded it. */
export function RefundDialog({ clientId, creditCents, onClose, onDone }: RefundDialogProps) {
  const refund = useRefundCredit(clientId);
  const [formError, setFormError] = useState<string | null>(null);
  const today = useFirmToday();
  const { register, handleSubmit, formState, setError } = useForm<RefundValues, unknown, RefundInput>({
    defaultValues: {
      refund_date: today,
      amount_cents: centsToInput(creditCents),
      method: 'check',
      reference: '',
      memo: '',
    },
    resolver: notAfterToday(
      schemaResolver(refundSchema, (values: RefundValues) => ({
        ...values,
        amount_cents: inputToCents(values.amount_cents) ?? undefined,
      })),
      'refund_date',
      'Refund date',
      today,
    ),
  });
  const { errors } = formState;

  async function submit(input: RefundInput): Promise<void> {
    setFormError(null);
    try {
      await refund.mutateAsync(input);
      onDone(`Refund of ${formatMoney(input.amount_cents, { decimals: true })} recorded.`);
    } catch (error) {
      setFormError(showServerErrors(error, setError, (name) => FIELDS.has(name)));
    }
  }

  return (
    <Modal open title="Refund unapplied credit" onClose={onClose}>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <p>
          The client has {formatMoney(creditCents, { decimals: true })} of unapplied credit; a refund can be at most
          that.
        </p>
        <FormField label="Refund date" type="date" error={errors.refund_date?.message} {...register('refund_date')} />
        <FormField
          label="Amount ($)"
          inputMode="decimal"
          data-autofocus
          error={errors.amount_cents?.message}
          {...register('amount_cents')}
        />
        <SelectField label="Method" error={errors.method?.message} {...register('method')}>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {METHOD_LABELS[method]}
            </option>
          ))}
        </SelectField>
        <FormField label="Reference" error={errors.reference?.message} {...register('reference')} />
        <FormField label="Memo" error={errors.memo?.message} {...register('memo')} />
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Working...' : 'Record refund'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
