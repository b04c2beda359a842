import { Link } from 'react-router';
import { TICKET_STATUSES, TICKET_STATUS_LABELS, hasPermission, type TicketStatus } from '@practice/shared';
import { CheckboxField } from '../../../components/checkbox-field';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { TableFrame } from '../../../components/table-frame';
import { shellPaths } from '../../../config/paths';
import { useFlashNotice } from '../../../lib/flash-notice';
import { formatDate } from '../../../lib/format';
import { useSearchState } from '../../../lib/use-search-state';
import { useSession } from '../../../lib/session-store';
import { TICKET_PAGE_SIZE, useTickets } from '../api/tickets';
import { CategoryText, PriorityBadge, TicketStatusBadge } from '../components/ticket-labels';
import '../support.css';

function statusOf(value: string | null): TicketStatus | '' {
  return (TICKET_STATUSES as readonly string[]).includes(value ?? '') ? (value as TicketStatus) : '';
}

/** /support-tickets/manage (SPEC 2, signed in): his own tickets, or the firm's for administrators. */
export default function SupportTicketsManagePage() {
  const { user } = useSession();
  const seesAll = hasPermission(user?.full_role, 'can_view_admin_page');
  const notice = useFlashNotice();
  const [params, setParams] = useSearchState();
  const query = {
    status: statusOf(params.get('status')),
    mine: seesAll && params.get('mine') === 'true',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const tickets = useTickets(query);
  const items = tickets.data?.items ?? [];
  const newTicket = (
    <Link className="button button-primary" to={shellPaths.supportTicketCreate.getHref()}>
      New ticket
    </Link>
  );

  return (
    <div className="support-page">
      <PageHeader title="Support tickets" actions={newTicket}>
        <p className="muted">
          {seesAll
            ? 'Every ticket of the firm: answer them, assign them, change their status.'
            : 'Your questions and problems, and our answers.'}
        </p>
      </PageHeader>
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <section className="card" aria-label="Tickets">
        <div className="filter-bar">
          <SelectField
            label="Status"
            value={query.status}
            onChange={(event) => setParams({ status: event.target.value || null, page: null })}
          >
            <option value="">All statuses</option>
            {TICKET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {TICKET_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          {seesAll && (
            <CheckboxField
              label="Only my own tickets"
              checked={query.mine}
              onChange={(event) => setParams({ mine: event.target.checked ? 'true' : null, page: null })}
            />
          )}
        </div>
        {tickets.isPending && <SkeletonRows label="Loading tickets" />}
        {tickets.isError && (
          <p className="form-error" role="alert">
            {tickets.error.message}
          </p>
        )}
        {tickets.data && items.length === 0 && (
          <EmptyState title={query.status ? 'No tickets with this status' : 'No tickets yet'}>
            <p>Ask a question or report a problem and the firm&apos;s administrators will answer here.</p>
          </EmptyState>
        )}
        {items.length > 0 && (
          <TableFrame>
            <table className="data-table">
              <caption className="visually-hidden">Support tickets</caption>
              <thead>
                <tr>
                  <th scope="col">Ticket</th>
                  <th scope="col">Status</th>
                  <th scope="col">Priority</th>
                  <th scope="col">Category</th>
                  {seesAll && <th scope="col">From</th>}
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {items.map((ticket) => (
                  <tr key={ticket.id}>
                    <td className="wrap">
                      <Link to={shellPaths.supportTicketDetail.getHref(ticket.id)}>
                        #{ticket.id} {ticket.subject}
                      </Link>
                      {ticket.unread_count > 0 && (
                        <span className="unread-badge" aria-label={`${ticket.unread_count} unread replies`}>
                          {ticket.unread_count} new
                        </span>
                      )}
                    </td>
                    <td>
                      <TicketStatusBadge status={ticket.status} />
                    </td>
                    <td>
                      <PriorityBadge priority={ticket.priority} />
                    </td>
                    <td>
                      <CategoryText category={ticket.category} />
                    </td>
                    {seesAll && <td>{ticket.author.name}</td>}
                    <td>{formatDate(ticket.updated_at.slice(0, 10))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
        {tickets.data && tickets.data.total > TICKET_PAGE_SIZE && (
          <Pagination
            page={query.page}
            pageSize={TICKET_PAGE_SIZE}
            total={tickets.data.total}
            noun="tickets"
            onPage={(page) => setParams({ page: page > 1 ? String(page) : null }, 'push')}
          />
        )}
      </section>
    </div>
  );
}
