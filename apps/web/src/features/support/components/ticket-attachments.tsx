import { useState } from 'react';
import { RECEIPT_MAX_BYTES } from '@practice/shared';
import { apiBaseUrl } from '../../../config/runtime';
import { useUploadTicketFile, type TicketDetailView } from '../api/tickets';
import { ATTACHMENTS_MAX } from './ticket-form';

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The ticket's files, downloaded (never shown in the page), and a control to add one. */
export function TicketAttachments({ ticket }: { ticket: TicketDetailView }) {
  const upload = useUploadTicketFile();
  const [error, setError] = useState<string | null>(null);
  const full = ticket.attachments.length >= ATTACHMENTS_MAX;

  async function add(file: File | undefined): Promise<void> {
    if (!file) return;
    if (file.size > RECEIPT_MAX_BYTES) return setError(`${file.name} is larger than 5 MB`);
    setError(null);
    try {
      await upload.mutateAsync({ ticketId: ticket.id, file });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <section className="card" aria-labelledby="ticket-files-heading">
      <h2 id="ticket-files-heading">Attachments</h2>
      {ticket.attachments.length === 0 ? (
        <p className="muted">No files.</p>
      ) : (
        <ul className="attachment-list">
          {ticket.attachments.map((file) => (
            <li key={file.id}>
              <a href={`${apiBaseUrl()}/support-tickets/${ticket.id}/attachments/${file.id}`} download={file.file_name}>
                {file.file_name}
              </a>{' '}
              <span className="muted">({sizeText(file.size)})</span>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <div className="form-field">
          <label htmlFor="ticket-add-file">Add a file</label>
          <input
            id="ticket-add-file"
            type="file"
            accept="application/pdf,image/png,image/jpeg,image/webp,image/heic,.heic"
            disabled={upload.isPending}
            onChange={(event) => {
              void add(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <p className="field-hint">PDF, PNG, JPEG, WebP or HEIC, at most 5 MB.</p>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
