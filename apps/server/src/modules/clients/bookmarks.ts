import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clientBookmarks } from '../../db/schema/index';

/** GET /user lists at most this many bookmarks; the dashboard shows the first 4. */
export const BOOKMARKS_LISTED_MAX = 100;

/** SPEC 3 client fields: `id` for the /clients/{id} link, `client_id` the firm's client ID. */
export type BookmarkedClient = { id: number; client_id: string; legal_name: string; status: string };

export async function addBookmark(tx: Tx, organizationId: number, userId: number, clientId: number): Promise<boolean> {
  const inserted = await tx
    .insert(clientBookmarks)
    .values({ organizationId, userId, clientId })
    .onConflictDoNothing()
    .returning({ clientId: clientBookmarks.clientId });
  return inserted.length > 0;
}

export async function removeBookmark(
  tx: Tx,
  organizationId: number,
  userId: number,
  clientId: number,
): Promise<boolean> {
  const deleted = await tx
    .delete(clientBookmarks)
    .where(
      and(
        eq(clientBookmarks.organizationId, organizationId),
        eq(clientBookmarks.userId, userId),
        eq(clientBookmarks.clientId, clientId),
      ),
    )
    .returning({ clientId: clientBookmarks.clientId });
  return deleted.length > 0;
}

export async function isBookmarked(tx: Tx, organizationId: number, userId: number, clientId: number): Promise<boolean> {
  const [row] = await tx
    .select({ clientId: clientBookmarks.clientId })
    .from(clientBookmarks)
    .where(
      and(
        eq(clientBookmarks.organizationId, organizationId),
        eq(clientBookmarks.userId, userId),
        eq(clientBookmarks.clientId, clientId),
      ),
    );
  return row !== undefined;
}
