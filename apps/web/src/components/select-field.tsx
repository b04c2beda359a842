import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled select with its error under it (UI.md, Forms); the options are its children. */
export function SelectField({ label, error, hint, id, ref, children, ...select }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const describedBy = [error && `${selectId}-error`, hint && `${selectId}-hint`].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={selectId}>{label}</label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...select}
      >
        {children}
      </select>
      {hint && (
        <p id={`${selectId}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${selectId}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
