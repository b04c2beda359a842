import { and, desc, eq } from 'drizzle-orm';
import type { RefundListView } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { refunds } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { requireClient } from '../clients/client-lookup';
import { unappliedCredit } from './payment-allocation';

/** How many refunds one answer lists; a client refunds rarely, so this is every refund in practice. */
export const REFUND_LIST_MAX = 500;

/**
 * GET /clients/{id}/refunds: the client's refunds, newest first, with the client's unapplied
 * credit as the payments page shows it (active payments less applications less refunds).
 */
export async function listRefunds(db: Db, actor: SessionUser, clientId: number): Promise<RefundListView> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    await requireClient(tx, organizationId, clientId, { field: 'client' });
    const rows = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.organizationId, organizationId), eq(refunds.clientId, clientId)))
      .orderBy(desc(refunds.refundDate), desc(refunds.id))
      .limit(REFUND_LIST_MAX);
    return {
      items: rows.map((row) => ({
        id: row.id,
        client_id: row.clientId,
        refund_date: row.refundDate,
        amount_cents: row.amountCents,
        method: row.method,
        reference: row.reference,
        memo: row.memo,
      })),
      unapplied_cents: await unappliedCredit(tx, organizationId, clientId),
    };
  });
}
