import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { expenseUpdateSchema, formatMoney, type ExpenseUpdateInput } from '@practice/shared';
import { CheckboxField } from '../../../components/checkbox-field';
import { schemaResolver } from '../../../lib/form-resolver';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useRemoveReceipt, useUpdateExpense, useUploadReceipt } from '../api/expenses';
import type { Expense } from '../api/time-views';
import { ExpenseFields, expenseInputOf, expenseValuesOf, type ExpenseFormValues } from './expense-fields';
import { ReceiptInput } from './receipt-input';

type ExpenseEditFormProps = {
  expense: Expense;
  /** After the save, with what to tell the user. */
  onSaved: (message: string) => void;
  onCancel: () => void;
};

/**
 * Changes an unbilled expense with the version it was read at (a stale one is refused with
 * the server's 409 message), then replaces or removes its receipt if asked.
 */
export function ExpenseEditForm({ expense, onSaved, onCancel }: ExpenseEditFormProps) {
  const update = useUpdateExpense();
  const upload = useUploadReceipt();
  const removeReceipt = useRemoveReceipt();
  const fileRef = useRef<HTMLInputElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const [dropReceipt, setDropReceipt] = useState(false);
  const { register, handleSubmit, formState, setError, control } = useForm<
    ExpenseFormValues,
    unknown,
    ExpenseUpdateInput
  >({
    defaultValues: expenseValuesOf(expense),
    resolver: schemaResolver(expenseUpdateSchema, (values: ExpenseFormValues) => ({
      ...expenseInputOf(values),
      status: expense.status,
      version: expense.version,
    })),
  });
  const { errors } = formState;

  async function submit(input: ExpenseUpdateInput): Promise<void> {
    setFormError(null);
    setReceiptError(null);
    let saved;
    try {
      saved = await update.mutateAsync({ id: expense.id, input });
    } catch (error) {
      setFormError(showServerErrors(error, setError, (name) => name in expenseValuesOf(expense)));
      return;
    }
    const total = formatMoney(saved.total_cents, { decimals: true });
    const file = fileRef.current?.files?.[0];
    try {
      if (file) await upload.mutateAsync({ expenseId: expense.id, file });
      else if (dropReceipt && expense.receipt) await removeReceipt.mutateAsync(expense.id);
    } catch (error) {
      setReceiptError(error instanceof Error ? error.message : String(error));
      setFormError(`Expense of ${total} saved, but the receipt was not changed.`);
      return;
    }
    onSaved(`Expense of ${total} saved.`);
  }

  return (
    <form className="expense-form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="form-grid">
        <ExpenseFields
          register={register}
          control={control}
          errors={errors}
          keptRateMills={expense.mileage_rate_mills}
        />
        <ReceiptInput
          id="expense-edit-receipt"
          label={
            expense.receipt ? 'Replace the receipt (PDF or image, up to 5 MB)' : 'Receipt (PDF or image, up to 5 MB)'
          }
          inputRef={fileRef}
          error={receiptError}
        />
        {expense.receipt && (
          <div className="span-all">
            <CheckboxField
              label={`Remove the receipt ${expense.receipt.name}`}
              checked={dropReceipt}
              onChange={(event) => setDropReceipt(event.target.checked)}
            />
          </div>
        )}
      </div>
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Save expense'}
        </button>
      </div>
    </form>
  );
}
