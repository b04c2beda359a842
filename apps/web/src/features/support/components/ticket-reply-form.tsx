import { useState } from 'react';
import { TICKET_TEXT_MAX } from '@practice/shared';
import { TextareaField } from '../../../components/textarea-field';
import { useAddTicketMessage } from '../api/tickets';

/** A reply to the thread; the other side is told by e-mail. */
export function TicketReplyForm({ ticketId }: { ticketId: number }) {
  const add = useAddTicketMessage(ticketId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function send(): Promise<void> {
    const text = body.trim();
    if (!text) return setError('Message is required');
    if (text.length > TICKET_TEXT_MAX) return setError(`Message must be at most ${TICKET_TEXT_MAX} characters`);
    setError(null);
    try {
      await add.mutateAsync(text);
      setBody('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <TextareaField
        label="Your reply"
        rows={4}
        value={body}
        error={error ?? undefined}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          {add.isPending ? 'Sending...' : 'Send reply'}
        </button>
      </div>
    </form>
  );
}
