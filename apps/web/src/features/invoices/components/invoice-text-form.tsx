import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  fillInvoiceText,
  INVOICE_TEXT_PLACEHOLDERS,
  invoiceTextSchema,
  type InvoiceTextInput,
  type InvoiceTextValues,
} from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { TextareaField } from '../../../components/textarea-field';
import { ApiError } from '../../../lib/api-error';
import { schemaResolver } from '../../../lib/form-resolver';
import { showServerErrors } from '../../../lib/server-form-errors';
import type { InvoiceTextView } from '../api/invoice-views';
import { useSaveInvoiceText } from '../api/invoice-texts';

/** What the live preview fills the placeholders with; the invoice fills them with its own facts. */
export const EXAMPLE_VALUES: InvoiceTextValues = {
  client_name: 'Example Client LLC',
  client_id: 'C-1001',
  period: 'October 1, 2026 to October 31, 2026',
  invoice_date: 'November 2, 2026',
  due_date: 'December 2, 2026',
  total: '$1,250.00',
  firm_name: 'Your firm',
};

type InvoiceTextFormProps = { text: InvoiceTextView | null; onDone: (saved: InvoiceTextView | null) => void };

/**
 * An invoice text's name and body, with the placeholders it may use and a live preview
 * filled by the same plain replacer the invoice uses: anything else, `{{7*7}}` and `${7*7}`
 * included, shows exactly as typed.
 */
export function InvoiceTextForm({ text, onDone }: InvoiceTextFormProps) {
  const save = useSaveInvoiceText();
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const { register, handleSubmit, formState, setError, control } = useForm<InvoiceTextInput, unknown, InvoiceTextInput>(
    {
      defaultValues: { name: text?.name ?? '', body: text?.body ?? '' },
      resolver: schemaResolver(invoiceTextSchema, (values: InvoiceTextInput) => values),
    },
  );
  const body = useWatch({ control, name: 'body' });
  const { errors } = formState;

  async function submit(input: InvoiceTextInput): Promise<void> {
    setFormError(null);
    setStale(false);
    try {
      onDone(await save.mutateAsync({ id: text?.id ?? null, version: text?.version ?? null, input }));
    } catch (error) {
      setStale(error instanceof ApiError && error.status === 409 && Object.keys(error.details).length === 0);
      setFormError(showServerErrors(error, setError, (name) => name === 'name' || name === 'body'));
    }
  }

  return (
    <div className="invoice-layout">
      <form className="card" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
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
        <FormField label="Name" data-autofocus error={errors.name?.message} {...register('name')} />
        <TextareaField label="Text" rows={10} error={errors.body?.message} {...register('body')} />
        <p className="field-hint">Placeholders, replaced on each invoice:</p>
        <ul className="placeholder-list">
          {INVOICE_TEXT_PLACEHOLDERS.map((name) => (
            <li key={name}>
              <code>{`{${name}}`}</code>
            </li>
          ))}
        </ul>
        <div className="form-actions">
          <button type="button" className="button" onClick={() => onDone(null)}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving...' : 'Save invoice text'}
          </button>
        </div>
      </form>
      <section className="card" aria-labelledby="text-preview-heading">
        <h2 id="text-preview-heading">Preview</h2>
        <p className="muted">With example values for the placeholders.</p>
        <div className="text-preview" data-testid="invoice-text-preview" aria-live="polite">
          {fillInvoiceText(body, EXAMPLE_VALUES)}
        </div>
      </section>
    </div>
  );
}
