import { sql } from 'drizzle-orm';
import { withTenant, type Db } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';

/**
 * POST /billing/refresh: the organization's billing rollups recomputed from the time,
 * expenses, invoices and ledger rows in one transaction (billing_totals_rebuild, migration
 * 0033). It waits for the firm's writes in flight and holds new ones until it commits.
 */
export async function refreshBillingTotals(db: Db, actor: SessionUser): Promise<{ refreshed_at: string }> {
  return withTenant(db, actor.organizationId, async (tx) => {
    await tx.execute(sql`select billing_totals_rebuild(${actor.organizationId})`);
    return { refreshed_at: new Date().toISOString() };
  });
}
