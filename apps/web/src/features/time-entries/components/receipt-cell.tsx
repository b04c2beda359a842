import { useRef, useState } from 'react';
import { RECEIPT_CONTENT_TYPES } from '@practice/shared';
import { apiBaseUrl } from '../../../config/runtime';
import { useUploadReceipt } from '../api/expenses';
import type { Expense } from '../api/time-views';

/**
 * An expense's receipt: a download (the API serves it as an attachment), or a button that
 * attaches one; the server's refusal (413, 415) shows beside it.
 */
export function ReceiptCell({ expense, onAttached }: { expense: Expense; onAttached: (fileName: string) => void }) {
  const upload = useUploadReceipt();
  const fileRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  if (expense.receipt) {
    return (
      <a href={`${apiBaseUrl()}/expenses/${expense.id}/receipt`} download={expense.receipt.name}>
        {expense.receipt.name}
      </a>
    );
  }
  if (expense.status === 'billed') return <span className="muted">None</span>;

  async function attach(file: File | undefined): Promise<void> {
    if (!file) return;
    setError(null);
    try {
      await upload.mutateAsync({ expenseId: expense.id, file });
      onAttached(file.name);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <span className="receipt-cell">
      <input
        ref={fileRef}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={`Receipt file for the expense of ${expense.expense_date}`}
        accept={RECEIPT_CONTENT_TYPES.join(',')}
        onChange={(event) => void attach(event.target.files?.[0])}
      />
      <button
        type="button"
        className="button button-small"
        disabled={upload.isPending}
        onClick={() => fileRef.current?.click()}
      >
        {upload.isPending ? 'Uploading...' : 'Attach receipt'}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
