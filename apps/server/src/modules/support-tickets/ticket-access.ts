import { and, eq } from 'drizzle-orm';
import { hasPermission } from '@practice/shared';
import type { Tx } from '../../db/client';
import { supportTickets } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';

export type TicketRow = typeof supportTickets.$inferSelect;

export const TICKET_NOT_FOUND = 'Ticket not found';

/** Administrators (can_view_admin_page) see and answer every ticket of their firm. */
export function seesAllTickets(actor: SessionUser): boolean {
  return hasPermission(actor.fullRole, 'can_view_admin_page');
}

/**
 * The ticket if the actor may see it. Someone else's ticket reads as missing (404), exactly
 * like another firm's, so an id reveals nothing about tickets one may not see.
 */
export async function loadVisibleTicket(
  tx: Tx,
  actor: SessionUser,
  ticketId: number,
  lock = false,
): Promise<TicketRow> {
  const query = tx
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.organizationId, actor.organizationId), eq(supportTickets.id, ticketId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (row.authorId !== actor.id && !seesAllTickets(actor))) throw notFound(TICKET_NOT_FOUND);
  return row;
}
