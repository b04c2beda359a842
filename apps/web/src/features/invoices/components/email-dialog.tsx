import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { invoiceEmailSchema, type InvoiceEmailInput } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { TextareaField } from '../../../components/textarea-field';
import { schemaResolver } from '../../../lib/form-resolver';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useEmailInvoice } from '../api/email-invoice';
import type { Invoice } from '../api/invoice-views';

type EmailFormValues = { to: string; message: string };

function recipientsOf(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

type EmailDialogProps = { invoice: Invoice; open: boolean; onClose: () => void; onSent: (to: string[]) => void };

/** E-mails the invoice (PDF attached, portal link and code), to the client's invoice e-mail unless changed. */
export function EmailDialog({ invoice, open, onClose, onSent }: EmailDialogProps) {
  const send = useEmailInvoice(invoice.id);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<EmailFormValues, unknown, InvoiceEmailInput>({
    defaultValues: { to: invoice.client.invoice_email ?? '', message: '' },
    resolver: schemaResolver(invoiceEmailSchema, (values: EmailFormValues) => ({
      to: recipientsOf(values.to),
      message: values.message,
    })),
  });
  const { errors } = formState;
  // The schema checks each address (`to.0`, `to.1`): the first refused one speaks for the field.
  const toErrors = errors.to as unknown as Record<string, { message?: string } | undefined> | undefined;
  const toError = errors.to?.message ?? Object.values(toErrors ?? {}).find((issue) => issue?.message)?.message;

  async function submit(input: InvoiceEmailInput): Promise<void> {
    setFormError(null);
    try {
      await send.mutateAsync(input);
      onSent(input.to ?? []);
    } catch (error) {
      setFormError(showServerErrors(error, setError, (name) => name === 'message'));
    }
  }

  return (
    <Modal open={open} title={`E-mail invoice ${invoice.number ?? ''}`} onClose={onClose}>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <FormField
          label="To"
          data-autofocus
          hint="Separate several addresses with commas."
          error={toError}
          {...register('to')}
        />
        <TextareaField label="Message (optional)" rows={4} error={errors.message?.message} {...register('message')} />
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Sending...' : 'Send'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
