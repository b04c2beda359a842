import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SupportTicket, TicketCategory, TicketPerson, TicketPriority, TicketStatus } from '@practice/shared';
import type { Tx } from '../../db/client';
import { supportTicketMessages, supportTickets, users } from '../../db/schema/index';
import { displayName } from '../records/user-lookup';

const authors = alias(users, 'ticket_author');
const assignees = alias(users, 'ticket_assignee');

/** Replies by others after the author last opened the ticket; nobody else has unread ones. */
export const unreadReplies = sql<number>`(
  SELECT count(*)::int FROM ${supportTicketMessages} m
  WHERE m.organization_id = ${supportTickets.organizationId} AND m.ticket_id = ${supportTickets.id}
    AND m.author_id <> ${supportTickets.authorId} AND m.created_at > ${supportTickets.authorReadAt}
)`;

/** Tickets with their author's and assignee's names; callers add where, order and limits. */
export function ticketViewQuery(tx: Tx) {
  return tx
    .select({
      ticket: supportTickets,
      author: { id: authors.id, firstName: authors.firstName, lastName: authors.lastName, username: authors.username },
      assignee: {
        id: assignees.id,
        firstName: assignees.firstName,
        lastName: assignees.lastName,
        username: assignees.username,
      },
      unread: unreadReplies,
    })
    .from(supportTickets)
    .innerJoin(
      authors,
      and(eq(authors.organizationId, supportTickets.organizationId), eq(authors.id, supportTickets.authorId)),
    )
    .leftJoin(
      assignees,
      and(eq(assignees.organizationId, supportTickets.organizationId), eq(assignees.id, supportTickets.assigneeId)),
    )
    .$dynamic();
}

type PersonColumns = { id: number; firstName: string; lastName: string; username: string };
export type TicketViewRow = {
  ticket: typeof supportTickets.$inferSelect;
  author: PersonColumns;
  assignee: PersonColumns | null;
  unread: number;
};

function personOf(row: PersonColumns): TicketPerson {
  return { id: row.id, name: displayName(row) };
}

/** The API shape; the unread count is the author's own, so others always see 0. */
export function toTicketView(row: TicketViewRow, viewerId: number): SupportTicket {
  const { ticket } = row;
  return {
    id: ticket.id,
    subject: ticket.subject,
    category: ticket.category as TicketCategory,
    priority: ticket.priority as TicketPriority,
    status: ticket.status as TicketStatus,
    description: ticket.description,
    author: personOf(row.author),
    assignee: row.assignee ? personOf(row.assignee) : null,
    created_at: ticket.createdAt.toISOString(),
    updated_at: ticket.updatedAt.toISOString(),
    unread_count: ticket.authorId === viewerId ? Number(row.unread) : 0,
  };
}
