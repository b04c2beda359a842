import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { statementEmailSchema, type StatementEmailInput } from '@practice/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api';
import { schemaResolver } from '../lib/form-resolver';
import { showServerErrors } from '../lib/server-form-errors';
import { FormField } from './form-field';
import { Modal } from './modal';
import { TextareaField } from './textarea-field';

/** POST /clients/{id}/statement/email: 202, one message per recipient with the PDF attached. */
function useEmailStatement(clientId: number) {
  return useMutation({
    mutationFn: async (input: StatementEmailInput) =>
      api.post<{ queued: number; to: string[]; as_of: string }>(`/clients/${clientId}/statement/email`, input),
  });
}

type EmailFormValues = { to: string; message: string };

function recipientsOf(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

type StatementEmailDialogProps = {
  client: { id: number; legal_name: string; invoice_email: string | null };
  asOf: string;
  onClose: () => void;
  onSent: (to: string[]) => void;
};

/** E-mails the client's statement as of a date (PDF attached), to the client's invoice e-mail unless changed. */
export function StatementEmailDialog({ client, asOf, onClose, onSent }: StatementEmailDialogProps) {
  const send = useEmailStatement(client.id);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<EmailFormValues, unknown, StatementEmailInput>({
    defaultValues: { to: client.invoice_email ?? '', message: '' },
    resolver: schemaResolver(statementEmailSchema, (values: EmailFormValues) => ({
      to: recipientsOf(values.to),
      message: values.message,
      ...(asOf ? { as_of: asOf } : {}),
    })),
  });
  const { errors } = formState;
  // The schema checks each address (`to.0`, `to.1`): the first refused one speaks for the field.
  const toErrors = errors.to as unknown as Record<string, { message?: string } | undefined> | undefined;
  const toError = errors.to?.message ?? Object.values(toErrors ?? {}).find((issue) => issue?.message)?.message;

  async function submit(input: StatementEmailInput): Promise<void> {
    setFormError(null);
    try {
      const answer = await send.mutateAsync(input);
      onSent(answer.to);
    } catch (error) {
      setFormError(showServerErrors(error, setError, (name) => name === 'message' || name === 'to'));
    }
  }

  return (
    <Modal open title={`E-mail statement to ${client.legal_name}`} onClose={onClose}>
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
