import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  RECEIPT_MAX_BYTES,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  supportTicketSchema,
  type SupportTicketInput,
} from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { TextareaField } from '../../../components/textarea-field';
import { schemaResolver } from '../../../lib/form-resolver';
import { showServerErrors } from '../../../lib/server-form-errors';

type TicketFormValues = { subject: string; category: string; priority: string; description: string };
const FIELDS = new Set(['subject', 'category', 'priority', 'description']);
export const ATTACHMENTS_MAX = 10;
const ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp,image/heic,.heic';

/** The files a person chose, refused before sending when the server would refuse them for size or count. */
function fileProblem(files: File[]): string | null {
  if (files.length > ATTACHMENTS_MAX) return `Attach at most ${ATTACHMENTS_MAX} files`;
  const large = files.find((file) => file.size > RECEIPT_MAX_BYTES);
  return large ? `${large.name} is larger than 5 MB` : null;
}

type TicketFormProps = {
  onSubmit: (input: SupportTicketInput, files: File[]) => Promise<void>;
  onCancel: () => void;
};

/** A new ticket: subject, category, priority, description and optional files (PDF or image, 5 MB each). */
export function TicketForm({ onSubmit, onCancel }: TicketFormProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<TicketFormValues, unknown, SupportTicketInput>({
    defaultValues: { subject: '', category: '', priority: 'normal', description: '' },
    resolver: schemaResolver(supportTicketSchema, (values: TicketFormValues) => values),
  });
  const { errors } = formState;

  async function submit(input: SupportTicketInput): Promise<void> {
    setFormError(null);
    const problem = fileProblem(files);
    setFilesError(problem);
    if (problem) return;
    try {
      await onSubmit(input, files);
    } catch (error) {
      setFormError(showServerErrors(error, setError, (name) => FIELDS.has(name)));
    }
  }

  return (
    <form className="card" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField label="Subject" data-autofocus error={errors.subject?.message} {...register('subject')} />
      <SelectField label="Category" error={errors.category?.message} {...register('category')}>
        <option value="">Choose a category</option>
        {TICKET_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {TICKET_CATEGORY_LABELS[category]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Priority" error={errors.priority?.message} {...register('priority')}>
        {TICKET_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {TICKET_PRIORITY_LABELS[priority]}
          </option>
        ))}
      </SelectField>
      <TextareaField label="Description" rows={8} error={errors.description?.message} {...register('description')} />
      <div className="form-field">
        <label htmlFor="ticket-files">Attachments (optional)</label>
        <input
          id="ticket-files"
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby="ticket-files-hint"
          aria-invalid={filesError ? true : undefined}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            setFiles(chosen);
            setFilesError(fileProblem(chosen));
          }}
        />
        <p id="ticket-files-hint" className="field-hint">
          Screenshots or documents: PDF, PNG, JPEG, WebP or HEIC, at most 5 MB each.
        </p>
        {filesError && <p className="field-error">{filesError}</p>}
      </div>
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending...' : 'Open ticket'}
        </button>
      </div>
    </form>
  );
}
