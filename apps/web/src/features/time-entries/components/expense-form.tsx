import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { expenseSchema, formatMoney, type ExpenseInput } from '@practice/shared';
import { schemaResolver } from '../../../lib/form-resolver';
import { useFirmToday } from '../../../lib/firm-today';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useCreateExpense, useUploadReceipt } from '../api/expenses';
import { ExpenseFields, emptyExpenseValues, expenseInputOf, type ExpenseFormValues } from './expense-fields';
import { ReceiptInput } from './receipt-input';

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
  const today = useFirmToday();
  const { register, handleSubmit, formState, setError, control, reset } = useForm<
    ExpenseFormValues,
    unknown,
    ExpenseInput
  >({ defaultValues: emptyExpenseValues(today), resolver: schemaResolver(expenseSchema, expenseInputOf) });
  const { errors } = formState;

  async function submit(input: ExpenseInput): Promise<void> {
    setMessage(null);
    setReceiptError(null);
    let saved;
    try {
      saved = await create.mutateAsync(input);
    } catch (error) {
      const text = showServerErrors(error, setError, (name) => name in emptyExpenseValues(today));
      if (text) setMessage({ kind: 'error', text });
      return;
    }
    const file = fileRef.current?.files?.[0];
    const total = formatMoney(saved.total_cents, { decimals: true });
    reset(emptyExpenseValues(today));
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
        <ExpenseFields register={register} control={control} errors={errors} />
        <ReceiptInput
          id="expense-receipt"
          label="Receipt (PDF or image, up to 5 MB)"
          inputRef={fileRef}
          error={receiptError}
        />
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
