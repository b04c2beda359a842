import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { invoiceEmailSchema, type InvoiceEmailInput } from '@practice/shared';
import { schemaResolver } from '../lib/form-resolver';
import { showServerErrors } from '../lib/server-form-errors';
import { FormField } from './form-field';
import { Modal } from './modal';
import { TextareaField } from './textarea-field';

/** What the dialog asks for: recipients and a message, the part invoice and statement e-mails share. */
export type EmailInput = InvoiceEmailInput;

type EmailFormValues = { to: string; message: string };

function recipientsOf(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

type EmailDialogProps = {
  title: string;
  /** The To field's first value: the client's invoice e-mail. */
  defaultTo?: string | null;
  /** Queues the message; answers the addresses it went to. */
  send: (input: EmailInput) => Promise<string[]>;
  onClose: () => void;
  onSent: (to: string[]) => void;
};

/** E-mails a document to the client: recipients (the client's invoice e-mail unless changed) and an optional message. */
export function EmailDialog({ title, defaultTo, send, onClose, onSent }: EmailDialogProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<EmailFormValues, unknown, EmailInput>({
    defaultValues: { to: defaultTo ?? '', message: '' },
    resolver: schemaResolver(invoiceEmailSchema, (values: EmailFormValues) => ({
      to: recipientsOf(values.to),
      message: values.message,
    })),
  });
  const { errors } = formState;
  // The schema checks each address (`to.0`, `to.1`): the first refused one speaks for the field.
  const toErrors = errors.to as unknown as Record<string, { message?: string } | undefined> | undefined;
  const toError = errors.to?.message ?? Object.values(toErrors ?? {}).find((issue) => issue?.message)?.message;

  async function submit(input: EmailInput): Promise<void> {
    setFormError(null);
    try {
      onSent(await send(input));
    } catch (error) {
      setFormError(showServerErrors(error, setError, (name) => name === 'message' || name === 'to'));
    }
  }

  return (
    <Modal open title={title} onClose={onClose}>
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
