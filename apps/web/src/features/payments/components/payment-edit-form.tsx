import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { paymentUpdateSchema, type PaymentUpdateInput } from '@practice/shared';
import { ApiError } from '../../../lib/api-error';
import { schemaResolver } from '../../../lib/form-resolver';
import { useFirmToday } from '../../../lib/firm-today';
import { notAfterToday } from '../../../lib/not-after-today';
import { inputToCents } from '../../../lib/money-input';
import { showServerErrors } from '../../../lib/server-form-errors';
import { oldestDueFirst } from '../api/payment-queries';
import { useUpdatePayment } from '../api/payment-mutations';
import type { OpenInvoice, Payment } from '../api/payment-views';
import { oldestFirst, type ApplicableInvoice } from './allocation';
import { ApplicationsEditor } from './applications-editor';
import { PAYMENT_FIELD_NAMES, PaymentFields, paymentFormValues, type PaymentFormValues } from './payment-fields';
import { applicableOf, checkedApplications, typedOf } from './record-payment-form';

/**
 * What the payment can go to: the client's open invoices, and the invoices it pays now
 * (paid ones are no longer open), each able to take its balance plus what this payment gives it.
 */
export function editableInvoices(payment: Payment, open: OpenInvoice[]): ApplicableInvoice[] {
  const current = new Map(payment.applications.map((row) => [row.invoice_id, row.amount_cents]));
  const listed = open.map((invoice) => applicableOf(invoice, current.get(invoice.id) ?? 0));
  const openIds = new Set(open.map((invoice) => invoice.id));
  const paidByThis = payment.applications
    .filter((row) => !openIds.has(row.invoice_id))
    .map((row) => ({
      id: row.invoice_id,
      number: row.invoice_number,
      due_date: null,
      balance_cents: 0,
      current_cents: row.amount_cents,
    }));
  return [...paidByThis, ...listed].sort(oldestDueFirst);
}

type PaymentEditFormProps = {
  payment: Payment;
  openInvoices: OpenInvoice[];
  onSaved: (payment: Payment) => void;
  onCancel: () => void;
};

/**
 * A payment's fields and applications, saved with the version it was opened with (PUT
 * /payments/{id}); the ledger gets a reversal and new rows, never an edited row.
 */
export function PaymentEditForm({ payment, openInvoices, onSaved, onCancel }: PaymentEditFormProps) {
  const update = useUpdatePayment(payment.id);
  const invoices = useMemo(() => editableInvoices(payment, openInvoices), [payment, openInvoices]);
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    typedOf(new Map(payment.applications.map((row) => [row.invoice_id, row.amount_cents]))),
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const today = useFirmToday();
  const { register, handleSubmit, formState, setError, control } = useForm<
    PaymentFormValues,
    unknown,
    PaymentUpdateInput
  >({
    defaultValues: paymentFormValues(today, payment),
    resolver: notAfterToday(
      schemaResolver(paymentUpdateSchema, (values: PaymentFormValues) => ({
        payment_date: values.payment_date,
        amount_cents: inputToCents(values.amount_cents) ?? undefined,
        method: values.method,
        reference: values.reference,
        memo: values.memo,
        version: payment.version,
      })),
      'payment_date',
      'Payment date',
      today,
    ),
  });
  const amountCents = inputToCents(useWatch({ control, name: 'amount_cents' }));

  async function submit(fields: PaymentUpdateInput): Promise<void> {
    setFormError(null);
    setStale(false);
    const checked = checkedApplications(invoices, typed);
    if (!checked.applications) return setFormError(checked.error);
    try {
      onSaved(await update.mutateAsync({ ...fields, applications: checked.applications }));
    } catch (error) {
      setStale(error instanceof ApiError && error.status === 409 && Object.keys(error.details).length === 0);
      setFormError(showServerErrors(error, setError, (name) => PAYMENT_FIELD_NAMES.has(name)));
    }
  }

  return (
    <form
      className="card payment-form"
      noValidate
      aria-label="Edit the payment"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      {formError && (
        <p className="form-error" role="alert">
          {formError}
          {stale && (
            <>
              {' '}
              <button type="button" className="link-button" onClick={() => window.location.reload()}>
                Reload
              </button>
            </>
          )}
        </p>
      )}
      <PaymentFields register={register} errors={formState.errors} />
      <fieldset className="payment-fieldset">
        <legend>Applications</legend>
        {invoices.length > 0 && (
          <p className="field-hint">
            Type what the payment pays on each invoice; what is not applied stays unapplied credit.{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => setTyped(typedOf(oldestFirst(amountCents ?? 0, invoices)))}
            >
              Apply oldest first
            </button>{' '}
            <button type="button" className="link-button" onClick={() => setTyped({})}>
              Clear
            </button>
          </p>
        )}
        <ApplicationsEditor
          invoices={invoices}
          amountCents={amountCents}
          typed={typed}
          onType={(id, text) => setTyped((before) => ({ ...before, [id]: text }))}
          caption="Invoices and what this payment applies to each"
        />
      </fieldset>
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Save payment'}
        </button>
      </div>
    </form>
  );
}
