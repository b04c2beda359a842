import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PAYMENT_METHODS } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { centsToInput } from '../../../lib/money-input';
import { METHOD_LABELS, type Payment } from '../api/payment-views';

/** A payment's fields as the form holds them: the amount as typed dollars. */
export type PaymentFormValues = {
  payment_date: string;
  amount_cents: string;
  method: string;
  reference: string;
  memo: string;
};

/** A new payment is dated the firm's today (ADR 0200); an edited one keeps its date. */
export function paymentFormValues(today: string, payment?: Payment): PaymentFormValues {
  return {
    payment_date: payment?.payment_date ?? today,
    amount_cents: centsToInput(payment?.amount_cents),
    method: payment?.method ?? 'check',
    reference: payment?.reference ?? '',
    memo: payment?.memo ?? '',
  };
}

export const PAYMENT_FIELD_NAMES = new Set(['payment_date', 'amount_cents', 'method', 'reference', 'memo']);

type PaymentFieldsProps = {
  register: UseFormRegister<PaymentFormValues>;
  errors: FieldErrors<PaymentFormValues>;
};

/** Date, amount, method, reference and memo of a payment. */
export function PaymentFields({ register, errors }: PaymentFieldsProps) {
  return (
    <div className="form-grid">
      <FormField label="Payment date" type="date" error={errors.payment_date?.message} {...register('payment_date')} />
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
      <FormField
        label="Reference"
        hint="Check number or transfer id."
        error={errors.reference?.message}
        {...register('reference')}
      />
      <FormField label="Memo" error={errors.memo?.message} {...register('memo')} />
    </div>
  );
}
