import { useState } from 'react';
import {
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from '@practice/shared';
import { SelectField } from '../../../components/select-field';
import type { User } from '../../../lib/session-store';
import { useTicketAssignees, useUpdateTicket, type TicketDetailView } from '../api/tickets';

type Draft = { status: TicketStatus; priority: TicketPriority; assignee: string };

/** An administrator's controls: status, priority and who handles the ticket (any of the firm's administrators). */
export function TicketAdminCard({ ticket, user }: { ticket: TicketDetailView; user: User }) {
  const update = useUpdateTicket(ticket.id);
  const initial: Draft = {
    status: ticket.status,
    priority: ticket.priority,
    assignee: ticket.assignee ? String(ticket.assignee.id) : '',
  };
  const [draft, setDraft] = useState<Draft>(initial);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const people = useTicketAssignees();
  const assignees = new Map<string, string>([['', 'Nobody']]);
  for (const person of people.data ?? []) {
    assignees.set(String(person.id), person.id === user.id ? `${person.name} (me)` : person.name);
  }
  // After the list, so that its order does not change with who has the ticket. A deactivated
  // assignee is no longer on it but stays shown until someone changes it, as does any assignee
  // while the list loads (else the picker would show Nobody).
  if (ticket.assignee && !assignees.has(String(ticket.assignee.id))) {
    assignees.set(String(ticket.assignee.id), ticket.assignee.name);
  }

  async function save(): Promise<void> {
    setMessage(null);
    try {
      await update.mutateAsync({
        status: draft.status,
        priority: draft.priority,
        assignee_id: draft.assignee ? Number(draft.assignee) : null,
      });
      setMessage({ kind: 'ok', text: 'Ticket updated.' });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <section className="card" aria-labelledby="ticket-admin-heading">
      <h2 id="ticket-admin-heading">Handle this ticket</h2>
      <SelectField
        label="Status"
        value={draft.status}
        onChange={(event) => setDraft({ ...draft, status: event.target.value as TicketStatus })}
      >
        {TICKET_STATUSES.map((status) => (
          <option key={status} value={status}>
            {TICKET_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Priority"
        value={draft.priority}
        onChange={(event) => setDraft({ ...draft, priority: event.target.value as TicketPriority })}
      >
        {TICKET_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {TICKET_PRIORITY_LABELS[priority]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Assigned to"
        value={draft.assignee}
        onChange={(event) => setDraft({ ...draft, assignee: event.target.value })}
      >
        {[...assignees].map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </SelectField>
      {message && (
        <p
          className={message.kind === 'ok' ? 'form-success' : 'form-error'}
          role={message.kind === 'ok' ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      )}
      <button type="button" className="button button-primary" disabled={update.isPending} onClick={() => void save()}>
        {update.isPending ? 'Saving...' : 'Save changes'}
      </button>
    </section>
  );
}
