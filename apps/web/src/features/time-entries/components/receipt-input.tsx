import type { Ref } from 'react';
import { RECEIPT_CONTENT_TYPES } from '@practice/shared';

type ReceiptInputProps = { id: string; label: string; inputRef: Ref<HTMLInputElement>; error: string | null };

/** The receipt file of an expense form; the file is read on save, the server checks size and content. */
export function ReceiptInput({ id, label, inputRef, error }: ReceiptInputProps) {
  const errorId = `${id}-error`;
  return (
    <div className="form-field span-all">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={RECEIPT_CONTENT_TYPES.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
