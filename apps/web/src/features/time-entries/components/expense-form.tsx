import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  RECEIPT_CONTENT_TYPES,
  expenseSchema,
  formatMoney,
  type ExpenseInput,
} from '@practice/shared';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { schemaResolver } from '../../../lib/form-resolver';
import { inputToCents } from '../../../lib/money-input';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useCreateExpense, useUploadReceipt } from '../api/expenses';
import { localToday } from '../utils/calendar';
import { ClientField } from './client-field';
import { type ClientChoice } from './client-picker';

type ExpenseFormValues = {
  client_id: ClientChoice | null;
  expense_date: string;
  category: string;
  description: string;
  /** Dollars as typed. */
  amount_cents: string;
  /** Percent as typed: "10" is 10%. */
  markup_basis_points: string;
  billable: boolean;
};

function emptyValues(): ExpenseFormValues {
  return {
    client_id: null,
    expense_date: localToday(),
    category: '',
    description: '',
    amount_cents: '',
    markup_basis_points: '',
    billable: true,
  };
}

function inputOf(values: ExpenseFormValues) {
  return {
    client_id: values.client_id?.id,
    expense_date: values.expense_date || undefined,
    category: values.category,
    description: values.description,
    amount_cents: inputToCents(values.amount_cents) ?? undefined,
    // Hundredths of a percent are basis points, so the money parser reads them exactly.
    markup_basis_points: inputToCents(values.markup_basis_points) ?? 0,
    billable: values.billable,
  };
}

/**
 * Adds an expense, then uploads its receipt if one was chosen. A refused receipt (the
 * server's 413 or 415) leaves the expense saved: the message says so, and the receipt can be
 * attached again from the expense's row.
 */
export function ExpenseForm({ onDone }: { onDone: () => void }) {
  const create = useCreateExpense();
  const upload = useUploadReceipt();
  const fileRef = useRef<HTMLInputElement>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'saved'; text: string } | null>(null);
  const { register, handleSubmit, formState, setError, control, reset } = useForm<
    ExpenseFormValues,
    unknown,
    ExpenseInput
  >({ defaultValues: emptyValues(), resolver: schemaResolver(expenseSchema, inputOf) });
  const { errors } = formState;

  async function submit(input: ExpenseInput): Promise<void> {
    setMessage(null);
    setReceiptError(null);
    let saved;
    try {
      saved = await create.mutateAsync(input);
    } catch (error) {
      const text = showServerErrors(error, setError, (name) => name in emptyValues());
      if (text) setMessage({ kind: 'error', text });
      return;
    }
    const file = fileRef.current?.files?.[0];
    const total = formatMoney(saved.total_cents, { decimals: true });
    reset(emptyValues());
    if (fileRef.current) fileRef.current.value = '';
    if (!file) {
      setMessage({ kind: 'saved', text: `Expense of ${total} added.` });
      return;
    }
    try {
      await upload.mutateAsync({ expenseId: saved.id, file });
      setMessage({ kind: 'saved', text: `Expense of ${total} added with its receipt.` });
    } catch (error) {
      setReceiptError(error instanceof Error ? error.message : String(error));
      setMessage({
        kind: 'error',
        text: `Expense of ${total} added, but its receipt was refused. Attach another file from the expense list.`,
      });
    }
  }

  return (
    <form
      className="expense-form"
      noValidate
      aria-label="Add expense"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      {message && (
        <p
          className={message.kind === 'error' ? 'form-error' : 'form-success'}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      <div className="form-grid">
        <ClientField control={control} name="client_id" label="Expense client" error={errors.client_id?.message} />
        <FormField
          label="Expense date"
          type="date"
          error={errors.expense_date?.message}
          {...register('expense_date')}
        />
        <SelectField label="Category" error={errors.category?.message} {...register('category')}>
          <option value="">Choose...</option>
          {EXPENSE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {EXPENSE_CATEGORY_LABELS[category]}
            </option>
          ))}
        </SelectField>
        <FormField
          label="Amount ($)"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          error={errors.amount_cents?.message}
          {...register('amount_cents')}
        />
        <FormField
          label="Markup (%)"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          placeholder="0"
          error={errors.markup_basis_points?.message}
          {...register('markup_basis_points')}
        />
        <CheckboxField label="Billable to the client" error={errors.billable?.message} {...register('billable')} />
        <div className="span-all">
          <FormField
            label="Description"
            autoComplete="off"
            error={errors.description?.message}
            {...register('description')}
          />
        </div>
        <div className="form-field span-all">
          <label htmlFor="expense-receipt">Receipt (PDF or image, up to 5 MB)</label>
          <input
            ref={fileRef}
            id="expense-receipt"
            type="file"
            accept={RECEIPT_CONTENT_TYPES.join(',')}
            aria-invalid={receiptError ? true : undefined}
            aria-describedby={receiptError ? 'expense-receipt-error' : undefined}
          />
          {receiptError && (
            <p id="expense-receipt-error" className="field-error">
              {receiptError}
            </p>
          )}
        </div>
      </div>
      <div className="form-actions">
        <button type="button" className="button" onClick={onDone}>
          Close
        </button>
        <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Add expense'}
        </button>
      </div>
    </form>
  );
}
