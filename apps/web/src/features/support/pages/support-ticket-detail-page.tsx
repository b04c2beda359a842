import { hasPermission, TICKET_CATEGORY_LABELS } from '@practice/shared';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useFlashNotice } from '../../../lib/flash-notice';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useIdParam } from '../../../lib/use-id-param';
import { useTicket } from '../api/tickets';
import { TicketAdminCard } from '../components/ticket-admin-card';
import { TicketAttachments } from '../components/ticket-attachments';
import { PriorityBadge, TicketStatusBadge } from '../components/ticket-labels';
import { TicketReplyForm } from '../components/ticket-reply-form';
import '../support.css';

const BREADCRUMB = [{ label: 'Support tickets', to: shellPaths.supportTicketsManage.getHref() }];

function when(iso: string): string {
  return `${formatDate(iso.slice(0, 10))} ${new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}`;
}

/** /support-tickets/{ticketId} (SPEC 2): the ticket, its thread and files; administrators handle it. */
export default function SupportTicketDetailPage() {
  const id = useIdParam('ticketId');
  const { user } = useSession();
  const notice = useFlashNotice();
  const ticket = useTicket(id);
  const data = ticket.data;

  if (!data) {
    return (
      <div className="support-page">
        <PageHeader title="Support ticket" breadcrumb={BREADCRUMB} />
        {ticket.isPending && id > 0 ? <SkeletonRows label="Loading the ticket" /> : null}
        {ticket.isError && <QueryError error={ticket.error} />}
        {id === 0 && (
          <p className="form-error" role="alert">
            Ticket not found
          </p>
        )}
      </div>
    );
  }

  const seesAll = user !== null && hasPermission(user.full_role, 'can_view_admin_page');
  return (
    <div className="support-page">
      <PageHeader title={`#${data.id} ${data.subject}`} breadcrumb={BREADCRUMB} />
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <div className="ticket-layout">
        <div>
          <section className="card" aria-labelledby="ticket-description-heading">
            <h2 id="ticket-description-heading">Description</h2>
            <p className="ticket-text">{data.description}</p>
          </section>
          <section className="card" aria-labelledby="ticket-thread-heading">
            <h2 id="ticket-thread-heading">Conversation</h2>
            {data.messages.length === 0 ? (
              <p className="muted">No replies yet.</p>
            ) : (
              <ol className="ticket-thread">
                {data.messages.map((message) => (
                  <li
                    key={message.id}
                    className={`ticket-message${message.author.id === data.author.id ? '' : ' is-staff-reply'}`}
                  >
                    <p className="ticket-message-meta">
                      <strong>{message.author.name}</strong> · {when(message.created_at)}
                    </p>
                    <p className="ticket-text">{message.body}</p>
                  </li>
                ))}
              </ol>
            )}
            <TicketReplyForm ticketId={data.id} />
          </section>
        </div>
        <div>
          <section className="card" aria-labelledby="ticket-facts-heading">
            <h2 id="ticket-facts-heading">Details</h2>
            <dl className="ticket-facts">
              <dt>Status</dt>
              <dd>
                <TicketStatusBadge status={data.status} />
              </dd>
              <dt>Priority</dt>
              <dd>
                <PriorityBadge priority={data.priority} />
              </dd>
              <dt>Category</dt>
              <dd>{TICKET_CATEGORY_LABELS[data.category]}</dd>
              <dt>From</dt>
              <dd>{data.author.name}</dd>
              <dt>Assigned to</dt>
              <dd>{data.assignee?.name ?? 'Nobody yet'}</dd>
              <dt>Opened</dt>
              <dd>{when(data.created_at)}</dd>
            </dl>
          </section>
          {seesAll && user && <TicketAdminCard ticket={data} user={user} />}
          <TicketAttachments ticket={data} />
        </div>
      </div>
    </div>
  );
}
