import { useState } from 'react';
import { useDeleteExpense } from '../api/expenses';
import type { Expense } from '../api/time-views';

type ExpenseDeleteConfirmProps = {
  expense: Expense;
  /** "$42.50 for Acme LLC on 11/20/2026". */
  name: string;
  onDeleted: (message: string) => void;
  onCancel: () => void;
};

/** Names the expense before it goes (UI.md: confirmed where money moves); the server's refusal shows here. */
export function ExpenseDeleteConfirm({ expense, name, onDeleted, onCancel }: ExpenseDeleteConfirmProps) {
  const remove = useDeleteExpense();
  const [error, setError] = useState<string | null>(null);

  async function confirm(): Promise<void> {
    setError(null);
    try {
      await remove.mutateAsync(expense.id);
      onDeleted(`Expense of ${name} deleted.`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <p>
        Delete the expense of {name}
        {expense.receipt ? ' and its receipt' : ''}? This cannot be undone.
      </p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel} data-autofocus>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={remove.isPending}
          onClick={() => void confirm()}
        >
          {remove.isPending ? 'Deleting...' : 'Delete expense'}
        </button>
      </div>
    </div>
  );
}
