import { and, count, eq, sql } from 'drizzle-orm';
import type { TicketAttachment } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { supportTicketAttachments, supportTickets } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { invalidField } from '../records/field-errors';
import type { FileStore } from '../uploads/file-store';
import { safeFileName, type Upload } from '../uploads/single-upload';
import { loadVisibleTicket } from './ticket-access';

export const TICKET_ATTACHMENTS_MAX = 10;
export const TOO_MANY_ATTACHMENTS = `A ticket can carry at most ${TICKET_ATTACHMENTS_MAX} files`;

/**
 * Adds a file to a ticket the actor may see. The file is written while the ticket row is
 * locked (so the count limit holds under concurrent uploads) and removed if the insert fails.
 */
export async function attachTicketFile(
  db: Db,
  store: FileStore,
  actor: SessionUser,
  ticketId: number,
  upload: Upload,
): Promise<TicketAttachment> {
  const organizationId = actor.organizationId;
  let storedName: string | null = null;
  try {
    return await withTenant(db, organizationId, async (tx) => {
      await loadVisibleTicket(tx, actor, ticketId, true);
      const [existing] = await tx
        .select({ value: count() })
        .from(supportTicketAttachments)
        .where(
          and(
            eq(supportTicketAttachments.organizationId, organizationId),
            eq(supportTicketAttachments.ticketId, ticketId),
          ),
        );
      if ((existing?.value ?? 0) >= TICKET_ATTACHMENTS_MAX) throw invalidField('file', TOO_MANY_ATTACHMENTS);
      storedName = await store.save(organizationId, upload.content);
      const [row] = await tx
        .insert(supportTicketAttachments)
        .values({
          organizationId,
          ticketId,
          storedFile: storedName,
          contentType: upload.type.contentType,
          size: upload.content.length,
          fileName: safeFileName(upload.originalName, upload.type, 'attachment'),
          uploadedBy: actor.id,
        })
        .returning();
      await tx
        .update(supportTickets)
        .set({ updatedAt: sql`now()` })
        .where(and(eq(supportTickets.organizationId, organizationId), eq(supportTickets.id, ticketId)));
      return {
        id: row!.id,
        file_name: row!.fileName,
        content_type: row!.contentType,
        size: row!.size,
        created_at: row!.createdAt.toISOString(),
      };
    });
  } catch (error) {
    if (storedName) await store.remove(organizationId, storedName);
    throw error;
  }
}

export async function readTicketFile(
  db: Db,
  store: FileStore,
  actor: SessionUser,
  ticketId: number,
  attachmentId: number,
): Promise<{ content: Buffer; contentType: string; downloadName: string }> {
  const organizationId = actor.organizationId;
  const row = await withTenant(db, organizationId, async (tx) => {
    await loadVisibleTicket(tx, actor, ticketId);
    const [found] = await tx
      .select()
      .from(supportTicketAttachments)
      .where(
        and(
          eq(supportTicketAttachments.organizationId, organizationId),
          eq(supportTicketAttachments.ticketId, ticketId),
          eq(supportTicketAttachments.id, attachmentId),
        ),
      );
    return found;
  });
  if (!row) throw notFound('Attachment not found');
  return {
    content: await store.read(organizationId, row.storedFile),
    contentType: row.contentType,
    downloadName: row.fileName,
  };
}
