import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatMoney, paymentApplicationListSchema, paymentSchema, type PaymentInput } from '@practice/shared';
import { schemaResolver } from '../../../lib/form-resolver';
import { useFirmToday } from '../../../lib/firm-today';
import { notAfterToday } from '../../../lib/not-after-today';
import { centsToInput, inputToCents } from '../../../lib/money-input';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useRecordPayment } from '../api/payment-mutations';
import type { OpenInvoice, Payment } from '../api/payment-views';
import { applicationsOf, oldestFirst, type ApplicableInvoice } from './allocation';
import { ApplicationsEditor } from './applications-editor';
import { ConfirmPaymentDialog } from './confirm-payment-dialog';
import { submissionKeys } from './idempotency-key';
import { PAYMENT_FIELD_NAMES, PaymentFields, paymentFormValues, type PaymentFormValues } from './payment-fields';

/** Oldest due first; the invoice the biller came from first, then oldest; or typed by hand. */
type Mode = 'oldest' | 'chosen' | 'hand';

export function applicableOf(invoice: OpenInvoice, currentCents = 0): ApplicableInvoice {
  return {
    id: invoice.id,
    number: invoice.number,
    due_date: invoice.due_date,
    balance_cents: invoice.balance_cents ?? invoice.total_cents,
    current_cents: currentCents,
  };
}

export function typedOf(cents: Map<number, number>): Record<string, string> {
  return Object.fromEntries([...cents].map(([id, amount]) => [id, (amount / 100).toFixed(2)]));
}

/**
 * The typed applications checked with the shared schema (the form's resolver checks the
 * payment's own fields): the list, or the first message to show at the top of the form.
 */
export function checkedApplications(invoices: ApplicableInvoice[], typed: Record<string, string>) {
  const parsed = paymentApplicationListSchema.safeParse(applicationsOf(invoices, typed));
  return parsed.success
    ? { applications: parsed.data, error: null }
    : { applications: null, error: parsed.error.issues[0]?.message ?? 'Check the applied amounts' };
}

type RecordPaymentFormProps = {
  clientId: number;
  clientName: string;
  openInvoices: OpenInvoice[];
  /** The invoice whose "Record payment" opened the form: its balance is the amount, and it is paid first. */
  chosenInvoiceId?: number | null;
  onRecorded: (payment: Payment) => void;
  onCancel: () => void;
};

/**
 * Records a payment: applied oldest due first, the chosen invoice first, or by hand against the
 * open invoices, and confirmed with the client, amount and what it pays before it is sent (the
 * applications confirmed are the ones sent). One Idempotency-Key per submission, so a double
 * click records one payment.
 */
export function RecordPaymentForm({
  clientId,
  clientName,
  openInvoices,
  chosenInvoiceId = null,
  onRecorded,
  onCancel,
}: RecordPaymentFormProps) {
  const record = useRecordPayment();
  const [keys] = useState(submissionKeys);
  const invoices = useMemo(() => openInvoices.map((invoice) => applicableOf(invoice)), [openInvoices]);
  const chosen = invoices.find((invoice) => invoice.id === chosenInvoiceId) ?? null;
  const [mode, setMode] = useState<Mode>(chosen ? 'chosen' : 'oldest');
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PaymentInput | null>(null);
  const today = useFirmToday();
  const { register, handleSubmit, formState, setError, control } = useForm<PaymentFormValues, unknown, PaymentInput>({
    defaultValues: {
      ...paymentFormValues(today),
      ...(chosen ? { amount_cents: centsToInput(chosen.balance_cents) } : {}),
    },
    resolver: notAfterToday(
      schemaResolver(paymentSchema, (values: PaymentFormValues) => ({
        client_id: clientId,
        payment_date: values.payment_date,
        amount_cents: inputToCents(values.amount_cents) ?? undefined,
        method: values.method,
        reference: values.reference,
        memo: values.memo,
      })),
      'payment_date',
      'Payment date',
      today,
    ),
  });
  const amountCents = inputToCents(useWatch({ control, name: 'amount_cents' }));
  const chosenFirst = chosen ? [chosen, ...invoices.filter((invoice) => invoice !== chosen)] : invoices;
  const shown =
    mode === 'hand' ? typed : typedOf(oldestFirst(amountCents ?? 0, mode === 'chosen' ? chosenFirst : invoices));

  function submit(fields: PaymentInput): void {
    setFormError(null);
    const checked = checkedApplications(invoices, shown);
    if (!checked.applications) return setFormError(checked.error);
    setConfirming({ ...fields, applications: checked.applications });
  }

  async function post(input: PaymentInput): Promise<void> {
    try {
      const payment = await record.mutateAsync({ input, idempotencyKey: keys.keyFor(input) });
      keys.done();
      onRecorded(payment);
    } catch (error) {
      setConfirming(null);
      setFormError(showServerErrors(error, setError, (name) => PAYMENT_FIELD_NAMES.has(name)));
    }
  }

  function chooseByHand(): void {
    // Starts from what is shown now, so the biller only moves what differs.
    setTyped(shown);
    setMode('hand');
  }

  return (
    <>
      <form
        className="card payment-form"
        noValidate
        aria-label="Record a payment"
        onSubmit={(event) => void handleSubmit(submit)(event)}
      >
        <h2>Record a payment</h2>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <PaymentFields register={register} errors={formState.errors} />
        <fieldset className="payment-fieldset">
          <legend>Apply to invoices</legend>
          <div className="apply-mode" role="radiogroup" aria-label="How to apply the payment">
            <label className={mode === 'oldest' ? 'active' : ''}>
              <input type="radio" name="apply-mode" checked={mode === 'oldest'} onChange={() => setMode('oldest')} />
              Oldest first
            </label>
            {chosen && (
              <label className={mode === 'chosen' ? 'active' : ''}>
                <input type="radio" name="apply-mode" checked={mode === 'chosen'} onChange={() => setMode('chosen')} />
                {chosen.number ?? `#${chosen.id}`} first
              </label>
            )}
            <label className={mode === 'hand' ? 'active' : ''}>
              <input type="radio" name="apply-mode" checked={mode === 'hand'} onChange={chooseByHand} />
              By hand
            </label>
          </div>
          <ApplicationsEditor
            invoices={invoices}
            amountCents={amountCents}
            typed={shown}
            onType={mode === 'hand' ? (id, text) => setTyped((before) => ({ ...before, [id]: text })) : null}
            caption="Open invoices and what this payment applies to each"
          />
        </fieldset>
        <div className="form-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={confirming !== null}>
            {`Record payment${amountCents && amountCents > 0 && Number.isInteger(amountCents) ? ` of ${formatMoney(amountCents, { decimals: true })}` : ''}`}
          </button>
        </div>
      </form>
      {confirming && (
        <ConfirmPaymentDialog
          clientName={clientName}
          payment={confirming}
          invoices={invoices}
          onConfirm={() => post(confirming)}
          onBack={() => setConfirming(null)}
        />
      )}
    </>
  );
}
