import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  TICKET_STATUS_LABELS,
  type SupportTicket,
  type SupportTicketDetail,
  type SupportTicketInput,
  type TicketPerson,
  type TicketMessageInput,
  type TicketStatus,
  type TicketUpdateInput,
} from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { supportTicketAttachments, supportTicketMessages, supportTickets, users } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { invalidField } from '../records/field-errors';
import { offsetOf, pageOf, type Page, type PageRequest } from '../records/pagination';
import { displayName, requireOrganizationUser } from '../records/user-lookup';
import { loadVisibleTicket, seesAllTickets, TICKET_NOT_FOUND } from './ticket-access';
import {
  addressOf,
  administratorAddresses,
  queueTicketMail,
  ticketAdministrators,
  type TicketMailContext,
} from './ticket-mail';
import { ticketViewQuery, toTicketView } from './ticket-view';

export type TicketListQuery = PageRequest & { status?: TicketStatus; mine?: 'true' | 'false' };

async function ticketView(tx: Tx, actor: SessionUser, ticketId: number): Promise<SupportTicket> {
  const [row] = await ticketViewQuery(tx).where(
    and(eq(supportTickets.organizationId, actor.organizationId), eq(supportTickets.id, ticketId)),
  );
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return toTicketView(row, actor.id);
}

/** His own tickets for everyone; the firm's for administrators unless `mine` narrows it. */
export async function listTickets(db: Db, actor: SessionUser, query: TicketListQuery): Promise<Page<SupportTicket>> {
  const conditions: (SQL | undefined)[] = [eq(supportTickets.organizationId, actor.organizationId)];
  if (!seesAllTickets(actor) || query.mine === 'true') conditions.push(eq(supportTickets.authorId, actor.id));
  if (query.status) conditions.push(eq(supportTickets.status, query.status));
  const where = and(...conditions);
  return withTenant(db, actor.organizationId, async (tx) => {
    const rows = await ticketViewQuery(tx)
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(query.page_size)
      .offset(offsetOf(query));
    const [total] = await tx.select({ value: count() }).from(supportTickets).where(where);
    return pageOf(
      rows.map((row) => toTicketView(row, actor.id)),
      total?.value ?? 0,
      query,
    );
  });
}

/** The sidebar's count: replies by others on his own tickets that he has not opened since. */
export async function unreadReplyCount(db: Db, actor: SessionUser): Promise<{ count: number }> {
  return withTenant(db, actor.organizationId, async (tx) => {
    const [row] = await tx
      .select({ value: count() })
      .from(supportTicketMessages)
      .innerJoin(
        supportTickets,
        and(
          eq(supportTickets.organizationId, supportTicketMessages.organizationId),
          eq(supportTickets.id, supportTicketMessages.ticketId),
        ),
      )
      .where(
        and(
          eq(supportTickets.organizationId, actor.organizationId),
          eq(supportTickets.authorId, actor.id),
          sql`${supportTicketMessages.authorId} <> ${supportTickets.authorId}`,
          sql`${supportTicketMessages.createdAt} > ${supportTickets.authorReadAt}`,
        ),
      );
    return { count: row?.value ?? 0 };
  });
}

export async function createTicket(
  db: Db,
  mail: TicketMailContext,
  actor: SessionUser,
  input: SupportTicketInput,
): Promise<SupportTicket> {
  return withTenant(db, actor.organizationId, async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        organizationId: actor.organizationId,
        authorId: actor.id,
        subject: input.subject,
        category: input.category,
        priority: input.priority,
        description: input.description,
      })
      .returning();
    const view = await ticketView(tx, actor, ticket!.id);
    const recipients = await administratorAddresses(tx, actor.organizationId);
    await queueTicketMail(tx, mail, ticket!, recipients, {
      kind: 'new',
      authorName: view.author.name,
      description: input.description,
    });
    return view;
  });
}

/** The ticket with its thread and files; the author opening it marks its replies read. */
export async function getTicket(db: Db, actor: SessionUser, ticketId: number): Promise<SupportTicketDetail> {
  return withTenant(db, actor.organizationId, async (tx) => {
    const ticket = await loadVisibleTicket(tx, actor, ticketId);
    const view = await ticketView(tx, actor, ticketId);
    if (ticket.authorId === actor.id) {
      await tx
        .update(supportTickets)
        .set({ authorReadAt: sql`now()` })
        .where(and(eq(supportTickets.organizationId, actor.organizationId), eq(supportTickets.id, ticketId)));
    }
    const messages = await tx
      .select({ message: supportTicketMessages, author: users })
      .from(supportTicketMessages)
      .innerJoin(
        users,
        and(
          eq(users.organizationId, supportTicketMessages.organizationId),
          eq(users.id, supportTicketMessages.authorId),
        ),
      )
      .where(
        and(
          eq(supportTicketMessages.organizationId, actor.organizationId),
          eq(supportTicketMessages.ticketId, ticketId),
        ),
      )
      .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
    const attachments = await tx
      .select()
      .from(supportTicketAttachments)
      .where(
        and(
          eq(supportTicketAttachments.organizationId, actor.organizationId),
          eq(supportTicketAttachments.ticketId, ticketId),
        ),
      )
      .orderBy(asc(supportTicketAttachments.id));
    return {
      ...view,
      messages: messages.map(({ message, author }) => ({
        id: message.id,
        author: { id: author.id, name: displayName(author) },
        body: message.body,
        created_at: message.createdAt.toISOString(),
      })),
      attachments: attachments.map((file) => ({
        id: file.id,
        file_name: file.fileName,
        content_type: file.contentType,
        size: file.size,
        created_at: file.createdAt.toISOString(),
      })),
    };
  });
}

/**
 * A reply to the thread. The author hears of every reply by someone else; the author's own
 * reply goes to the assignee, or to the administrators while nobody is assigned.
 */
export async function addMessage(
  db: Db,
  mail: TicketMailContext,
  actor: SessionUser,
  ticketId: number,
  input: TicketMessageInput,
) {
  return withTenant(db, actor.organizationId, async (tx) => {
    const ticket = await loadVisibleTicket(tx, actor, ticketId, true);
    const [message] = await tx
      .insert(supportTicketMessages)
      .values({ organizationId: actor.organizationId, ticketId, authorId: actor.id, body: input.body })
      .returning();
    await tx
      .update(supportTickets)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(supportTickets.organizationId, actor.organizationId), eq(supportTickets.id, ticketId)));
    const author = await requireOrganizationUser(tx, actor.organizationId, actor.id, 'author_id');
    let recipients: string[];
    if (ticket.authorId !== actor.id) {
      const address = await addressOf(tx, actor.organizationId, ticket.authorId);
      recipients = address ? [address] : [];
    } else if (ticket.assigneeId !== null) {
      const address = await addressOf(tx, actor.organizationId, ticket.assigneeId);
      recipients = address ? [address] : [];
    } else {
      recipients = await administratorAddresses(tx, actor.organizationId);
    }
    await queueTicketMail(tx, mail, ticket, recipients, {
      kind: 'reply',
      authorName: displayName(author),
      body: input.body,
    });
    return {
      id: message!.id,
      author: { id: author.id, name: displayName(author) },
      body: message!.body,
      created_at: message!.createdAt.toISOString(),
    };
  });
}

/** The assignee picker: the firm's active people who see every ticket, the only ones a ticket may be assigned to. */
export async function listAssignees(db: Db, actor: SessionUser): Promise<{ items: TicketPerson[] }> {
  return withTenant(db, actor.organizationId, async (tx) => ({
    items: (await ticketAdministrators(tx, actor.organizationId)).map((person) => ({
      id: person.id,
      name: displayName(person),
    })),
  }));
}

export const ASSIGNEE_NOT_ADMIN = 'Assignee must be someone who can see every ticket';

/** Status, priority and assignee, by an administrator; the author hears of a status change. */
export async function updateTicket(
  db: Db,
  mail: TicketMailContext,
  actor: SessionUser,
  ticketId: number,
  input: TicketUpdateInput,
): Promise<SupportTicket> {
  return withTenant(db, actor.organizationId, async (tx) => {
    const current = await loadVisibleTicket(tx, actor, ticketId, true);
    if (input.assignee_id !== undefined && input.assignee_id !== null) {
      await requireOrganizationUser(tx, actor.organizationId, input.assignee_id, 'assignee_id', 'Assignee');
      const administrators = await ticketAdministrators(tx, actor.organizationId);
      if (!administrators.some((person) => person.id === input.assignee_id))
        throw invalidField('assignee_id', ASSIGNEE_NOT_ADMIN);
    }
    const [updated] = await tx
      .update(supportTickets)
      .set({
        ...(input.status !== undefined && { status: input.status }),
        ...(input.priority !== undefined && { priority: input.priority }),
        ...(input.assignee_id !== undefined && { assigneeId: input.assignee_id }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(supportTickets.organizationId, actor.organizationId), eq(supportTickets.id, ticketId)))
      .returning();
    if (input.status !== undefined && input.status !== current.status && current.authorId !== actor.id) {
      const address = await addressOf(tx, actor.organizationId, current.authorId);
      await queueTicketMail(tx, mail, updated!, address ? [address] : [], {
        kind: 'status',
        statusLabel: TICKET_STATUS_LABELS[input.status],
      });
    }
    return ticketView(tx, actor, ticketId);
  });
}
