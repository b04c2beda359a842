import { asc, eq } from 'drizzle-orm';
import type { WriteReasonView } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { writeReasons } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';

/** The list a new firm starts with (ADR 0110); the firm edits it. */
export const DEFAULT_WRITE_REASONS = [
  { code: 'COURTESY', label: 'Courtesy discount' },
  { code: 'INEFFICIENCY', label: 'Inefficiency or training time' },
  { code: 'FIXED-FEE', label: 'Fixed-fee agreement' },
  { code: 'SCOPE', label: 'Scope change' },
  { code: 'VALUE', label: 'Additional value delivered' },
];

export async function insertDefaultWriteReasons(tx: Tx, organizationId: number): Promise<void> {
  await tx
    .insert(writeReasons)
    .values(DEFAULT_WRITE_REASONS.map((reason) => ({ organizationId, ...reason })))
    .onConflictDoNothing();
}

export async function listWriteReasons(db: Db, actor: SessionUser) {
  return withTenant(db, actor.organizationId, async (tx) => {
    const rows = await tx
      .select()
      .from(writeReasons)
      .where(eq(writeReasons.organizationId, actor.organizationId))
      .orderBy(asc(writeReasons.label));
    const items: WriteReasonView[] = rows.map((row) => ({
      id: row.id,
      code: row.code,
      label: row.label,
      active: row.active,
    }));
    return { items, total: items.length, page: 1, page_size: items.length };
  });
}
