import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  fillInvoiceText,
  formatDate,
  formatMoney,
  INVOICE_LAYOUTS,
  invoiceUpdateSchema,
  type InvoiceLayout,
  type InvoiceUpdateInput,
} from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { TextareaField } from '../../../components/textarea-field';
import { ApiError } from '../../../lib/api-error';
import { schemaResolver } from '../../../lib/form-resolver';
import { useFirmToday } from '../../../lib/firm-today';
import { notAfterToday } from '../../../lib/not-after-today';
import { centsToInput, inputToCents } from '../../../lib/money-input';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useInvoiceTexts } from '../api/invoice-texts';
import type { Invoice } from '../api/invoice-views';
import { useUpdateInvoice } from '../api/update-invoice';
import { LAYOUT_HINT, LAYOUT_LABELS } from './invoice-labels';
import { basisPointsToPercent, percentToBasisPoints } from './tax-rate-input';

type DraftFormValues = {
  issue_date: string;
  due_date: string;
  layout: InvoiceLayout;
  invoice_text_id: string;
  narrative: string;
  fixed_fees: { description: string; amount_cents: string }[];
  tax_rate_bp: string;
};

function formValues(invoice: Invoice): DraftFormValues {
  return {
    issue_date: invoice.issue_date ?? '',
    due_date: invoice.due_date ?? '',
    layout: invoice.layout,
    invoice_text_id: invoice.invoice_text_id ? String(invoice.invoice_text_id) : '',
    narrative: invoice.narrative ?? '',
    fixed_fees: invoice.lines
      .filter((line) => line.kind === 'fixed_fee')
      .map((line) => ({ description: line.description, amount_cents: centsToInput(line.amount_cents) })),
    tax_rate_bp: basisPointsToPercent(invoice.tax_rate_bp),
  };
}

function inputOf(values: DraftFormValues, version: number) {
  return {
    issue_date: values.issue_date || undefined,
    due_date: values.due_date || undefined,
    layout: values.layout,
    invoice_text_id: values.invoice_text_id ? Number(values.invoice_text_id) : null,
    narrative: values.narrative,
    fixed_fees: values.fixed_fees.map((fee) => ({
      description: fee.description,
      amount_cents: inputToCents(fee.amount_cents),
    })),
    tax_rate_bp: percentToBasisPoints(values.tax_rate_bp),
    version,
  };
}

/** The placeholder values of this draft as the invoice prints them. */
function textValues(invoice: Invoice, issueDate: string, dueDate: string) {
  const start = formatDate(invoice.period_start, { long: true });
  const end = formatDate(invoice.period_end, { long: true });
  return {
    client_name: invoice.client.legal_name,
    client_id: invoice.client.client_id,
    period: start && end && start !== end ? `${start} to ${end}` : start || end,
    invoice_date: formatDate(issueDate, { long: true }),
    due_date: formatDate(dueDate, { long: true }),
    total: formatMoney(invoice.total_cents, { decimals: true }),
    firm_name: invoice.organization?.name ?? '',
  };
}

type DraftFormProps = { invoice: Invoice; onSaved?: () => void; onCancel?: () => void };

/**
 * A draft's dates, layout, narrative (an invoice text fills it, placeholders replaced as
 * text), fixed fees and tax; saved with the version it was opened with (PUT /invoices/{id}).
 */
export function DraftForm({ invoice, onSaved, onCancel }: DraftFormProps) {
  const update = useUpdateInvoice(invoice.id);
  const texts = useInvoiceTexts();
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const today = useFirmToday();
  const { register, handleSubmit, formState, setError, control, setValue, getValues } = useForm<
    DraftFormValues,
    unknown,
    InvoiceUpdateInput
  >({
    defaultValues: formValues(invoice),
    resolver: notAfterToday(
      schemaResolver(invoiceUpdateSchema, (values: DraftFormValues) => inputOf(values, invoice.version)),
      'issue_date',
      'Invoice date',
      today,
    ),
  });
  const fees = useFieldArray({ control, name: 'fixed_fees' });
  const { errors } = formState;

  function chooseText(id: string): void {
    const text = texts.data?.find((candidate) => String(candidate.id) === id);
    if (!text) return;
    const { issue_date, due_date } = getValues();
    setValue('narrative', fillInvoiceText(text.body, textValues(invoice, issue_date, due_date)), {
      shouldDirty: true,
    });
  }

  async function submit(input: InvoiceUpdateInput): Promise<void> {
    setFormError(null);
    setStale(false);
    try {
      await update.mutateAsync(input);
      onSaved?.();
    } catch (error) {
      setStale(error instanceof ApiError && error.status === 409 && Object.keys(error.details).length === 0);
      setFormError(showServerErrors(error, setError, (name) => (name.split('.')[0] ?? '') in formValues(invoice)));
    }
  }

  const textField = register('invoice_text_id');
  return (
    <form
      className="card"
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      aria-label="Edit the draft"
    >
      <h2>Draft details</h2>
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
      <FormField label="Invoice date" type="date" error={errors.issue_date?.message} {...register('issue_date')} />
      <FormField label="Due date" type="date" error={errors.due_date?.message} {...register('due_date')} />
      <SelectField label="Layout" error={errors.layout?.message} {...register('layout')}>
        {INVOICE_LAYOUTS.map((layout) => (
          <option key={layout} value={layout}>
            {LAYOUT_LABELS[layout]}
          </option>
        ))}
      </SelectField>
      <p className="field-hint layout-hint">{LAYOUT_HINT}</p>
      <SelectField
        label="Invoice text"
        error={errors.invoice_text_id?.message}
        {...textField}
        onChange={(event) => {
          void textField.onChange(event);
          chooseText(event.target.value);
        }}
      >
        <option value="">None</option>
        {(texts.data ?? []).map((text) => (
          <option key={text.id} value={text.id}>
            {text.name}
          </option>
        ))}
      </SelectField>
      <TextareaField label="Narrative" rows={5} error={errors.narrative?.message} {...register('narrative')} />
      <fieldset className="plain-fieldset">
        <legend>Fixed fees</legend>
        {fees.fields.map((field, index) => (
          <div key={field.id} className="fixed-fee-row">
            <FormField
              label="Description"
              error={errors.fixed_fees?.[index]?.description?.message}
              {...register(`fixed_fees.${index}.description`)}
            />
            <FormField
              label="Amount ($)"
              inputMode="decimal"
              error={errors.fixed_fees?.[index]?.amount_cents?.message}
              {...register(`fixed_fees.${index}.amount_cents`)}
            />
            <button
              type="button"
              className="button button-small"
              aria-label={`Remove fixed fee ${index + 1}`}
              onClick={() => fees.remove(index)}
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button-small"
          onClick={() => fees.append({ description: '', amount_cents: '' })}
        >
          Add a fixed fee
        </button>
      </fieldset>
      <FormField
        label="Tax rate (%)"
        inputMode="decimal"
        hint="Blank for no tax."
        error={errors.tax_rate_bp?.message}
        {...register('tax_rate_bp')}
      />
      <div className="form-actions">
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Save draft'}
        </button>
      </div>
    </form>
  );
}
