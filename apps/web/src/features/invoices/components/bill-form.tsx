import { useEffect, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  formatHours,
  formatMoney,
  INVOICE_LAYOUTS,
  invoiceDraftSchema,
  WRITE_DOWN_REASON_REQUIRED,
  type InvoiceDraftInput,
  type InvoiceLayout,
  type WriteSpread,
} from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { shellPaths } from '../../../config/paths';
import { schemaResolver } from '../../../lib/form-resolver';
import { inputToCents } from '../../../lib/money-input';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useCreateInvoice } from '../api/create-invoice';
import { useInvoiceTexts } from '../api/invoice-texts';
import { useWriteReasons } from '../api/write-reasons';
import type { WipTimeEntry } from '../api/invoice-views';
import { previewBill } from './bill-preview';
import { LAYOUT_HINT, LAYOUT_LABELS } from './invoice-labels';

export type BillFormValues = {
  bill_cents: string;
  write_reason_id: string;
  write_reason: string;
  invoice_text_id: string;
  layout: InvoiceLayout;
};

type BillFormProps = {
  clientId: number;
  basis: WriteSpread;
  selectedTime: WipTimeEntry[];
  selectedExpenseIds: number[];
  expenseCents: number;
  /** The typed bill amount in cents (null: blank or not an amount), for the table's per-entry preview. */
  onBill: (cents: number | null) => void;
};

const DEFAULT_VALUES: BillFormValues = {
  bill_cents: '',
  write_reason_id: '',
  write_reason: '',
  invoice_text_id: '',
  layout: 'summary',
};

/** The draft POST /invoices makes of the selection and the form; a blank bill amount bills the standard value. */
function draftOf(values: BillFormValues, clientId: number, time: WipTimeEntry[], expenseIds: number[]) {
  const billCents = inputToCents(values.bill_cents);
  return {
    client_id: clientId,
    time_entry_ids: time.map((entry) => entry.id),
    expense_ids: expenseIds,
    bill_cents: billCents === null || time.length === 0 ? undefined : billCents,
    write_reason_id: values.write_reason_id ? Number(values.write_reason_id) : undefined,
    write_reason: values.write_reason.trim() || undefined,
    invoice_text_id: values.invoice_text_id ? Number(values.invoice_text_id) : undefined,
    layout: values.layout,
  };
}

/**
 * The bill amount for the selected time (its spread shows in the table as it is typed),
 * the reason a write-down needs, the invoice text and layout; "Bill selected" makes the
 * draft and opens its preview.
 */
export function BillForm(props: BillFormProps) {
  const { clientId, basis, selectedTime, selectedExpenseIds, expenseCents, onBill } = props;
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const texts = useInvoiceTexts();
  const reasons = useWriteReasons();
  const [formError, setFormError] = useState<string | null>(null);
  const preview = previewBill(selectedTime, null, basis);

  const base = schemaResolver<BillFormValues, typeof invoiceDraftSchema>(invoiceDraftSchema, (form) =>
    draftOf(form, clientId, selectedTime, selectedExpenseIds),
  );
  const resolver: Resolver<BillFormValues, unknown, InvoiceDraftInput> = async (form, context, options) => {
    const result = await base(form, context, options);
    const bill = inputToCents(form.bill_cents);
    const writesDown = bill !== null && bill < preview.standard_cents && selectedTime.length > 0;
    if (Object.keys(result.errors).length === 0 && writesDown && !form.write_reason.trim() && !form.write_reason_id) {
      return { values: {}, errors: { write_reason: { type: 'required', message: WRITE_DOWN_REASON_REQUIRED } } };
    }
    return result;
  };

  const { register, handleSubmit, formState, setError, control } = useForm<BillFormValues, unknown, InvoiceDraftInput>({
    defaultValues: DEFAULT_VALUES,
    resolver,
  });
  const typed = useWatch({ control, name: 'bill_cents' });
  const bill = inputToCents(typed);
  const validBill = bill === null || Number.isNaN(bill) || bill < 0 ? null : bill;
  useEffect(() => onBill(validBill), [onBill, validBill]);

  const billed = validBill ?? preview.standard_cents;
  const write = selectedTime.length > 0 ? billed - preview.standard_cents : 0;
  const { errors } = formState;
  // The schema names the item lists, which have no field here: their message goes to the top.
  const itemsError = (errors as Record<string, { message?: string } | undefined>).time_entry_ids?.message;

  async function submit(input: InvoiceDraftInput): Promise<void> {
    setFormError(null);
    try {
      const invoice = await create.mutateAsync(input);
      await navigate(`${shellPaths.invoicePreview.getHref()}?id=${invoice.id}`);
    } catch (error) {
      setFormError(showServerErrors(error, setError, (name) => name in DEFAULT_VALUES));
    }
  }

  const nothingSelected = selectedTime.length === 0 && selectedExpenseIds.length === 0;
  return (
    <form
      className="card bill-form"
      noValidate
      aria-labelledby="bill-form-heading"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <h2 id="bill-form-heading">Bill the selection</h2>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      {itemsError && (
        <p className="form-error" role="alert">
          {itemsError}
        </p>
      )}
      <dl className="totals-list" aria-live="polite">
        <dt>Selected time ({selectedTime.length} entries)</dt>
        <dd>{formatHours(preview.minutes)} h</dd>
        <dt>Standard value</dt>
        <dd>{formatMoney(preview.standard_cents, { decimals: true })}</dd>
        <dt>{write < 0 ? 'Write-down' : 'Write-up'}</dt>
        <dd className={write < 0 ? 'write-down' : 'write-up'}>{formatMoney(write, { decimals: true })}</dd>
        <dt>Selected expenses ({selectedExpenseIds.length})</dt>
        <dd>{formatMoney(expenseCents, { decimals: true })}</dd>
        <dt className="total">Invoice before tax</dt>
        <dd className="total">{formatMoney(billed + expenseCents, { decimals: true })}</dd>
      </dl>
      <FormField
        label="Bill amount for the selected time ($)"
        inputMode="decimal"
        placeholder={(preview.standard_cents / 100).toFixed(2)}
        hint="Blank bills the standard value; another amount is spread over the entries."
        disabled={selectedTime.length === 0}
        error={errors.bill_cents?.message}
        {...register('bill_cents')}
      />
      {(reasons.data ?? []).length > 0 && (
        <SelectField label="Reason code" error={errors.write_reason_id?.message} {...register('write_reason_id')}>
          <option value="">None</option>
          {(reasons.data ?? []).map((reason) => (
            <option key={reason.id} value={reason.id}>
              {reason.label}
            </option>
          ))}
        </SelectField>
      )}
      <FormField
        label="Reason for the write-up or write-down"
        error={errors.write_reason?.message}
        {...register('write_reason')}
      />
      <SelectField label="Invoice text" error={errors.invoice_text_id?.message} {...register('invoice_text_id')}>
        <option value="">None</option>
        {(texts.data ?? []).map((text) => (
          <option key={text.id} value={text.id}>
            {text.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Layout" error={errors.layout?.message} {...register('layout')}>
        {INVOICE_LAYOUTS.map((layout) => (
          <option key={layout} value={layout}>
            {LAYOUT_LABELS[layout]}
          </option>
        ))}
      </SelectField>
      <p className="field-hint layout-hint">{LAYOUT_HINT}</p>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={nothingSelected || formState.isSubmitting}>
          {formState.isSubmitting ? 'Making the draft...' : 'Bill selected'}
        </button>
      </div>
    </form>
  );
}
