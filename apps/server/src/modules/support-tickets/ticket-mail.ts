import { and, asc, eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { organizations, roles, users } from '../../db/schema/index';
import { enqueueMail } from '../../mail/outbox';
import { supportTicketMail, type TicketMailEvent } from '../../mail/templates/support-ticket';
import type { TicketRow } from './ticket-access';

export type TicketMailContext = { publicUrl: string };
export type TicketAdministrator = { id: number; email: string; firstName: string; lastName: string; username: string };

/** The active administrators: everyone whose role opens the admin page sees every ticket. */
export async function ticketAdministrators(tx: Tx, organizationId: number): Promise<TicketAdministrator[]> {
  return tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(users)
    .innerJoin(roles, and(eq(roles.organizationId, users.organizationId), eq(roles.id, users.roleId)))
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.active, true),
        or(eq(roles.all, true), eq(roles.canViewAdminPage, true)),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** Who receives new tickets. */
export async function administratorAddresses(tx: Tx, organizationId: number): Promise<string[]> {
  return [...new Set((await ticketAdministrators(tx, organizationId)).map((row) => row.email))];
}

export async function addressOf(tx: Tx, organizationId: number, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ email: users.email, active: users.active })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  return row?.active ? row.email : null;
}

/** Queues one message per address in the caller's transaction (sent only if the change commits). */
export async function queueTicketMail(
  tx: Tx,
  context: TicketMailContext,
  ticket: TicketRow,
  to: readonly string[],
  event: TicketMailEvent,
): Promise<void> {
  if (to.length === 0) return;
  const [organization] = await tx
    .select({ name: organizations.name, subdomain: organizations.subdomain })
    .from(organizations)
    .where(eq(organizations.id, ticket.organizationId));
  const base = context.publicUrl.replace('{org}', organization!.subdomain).replace(/\/$/, '');
  for (const address of to) {
    await enqueueMail(
      tx,
      ticket.organizationId,
      supportTicketMail({
        to: address,
        organizationName: organization!.name,
        ticketId: ticket.id,
        subject: ticket.subject,
        link: `${base}/support-tickets/${ticket.id}`,
        event,
      }),
    );
  }
}
