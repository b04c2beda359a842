import { and, asc, eq } from 'drizzle-orm';
import type { WriteReasonInput, WriteReasonView } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { writeReasons } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { isUniqueViolation } from '../../db/pg-errors';
import { conflictField } from '../records/field-errors';

/** The list a new firm starts with (ADR 0110); the firm edits it. */
export const DEFAULT_WRITE_REASONS = [
  { code: 'COURTESY', label: 'Courtesy discount' },
  { code: 'INEFFICIENCY', label: 'Inefficiency or training time' },
  { code: 'FIXED-FEE', label: 'Fixed-fee agreement' },
  { code: 'SCOPE', label: 'Scope change' },
  { code: 'VALUE', label: 'Additional value delivered' },
];

export const WRITE_REASON_CODE_TAKEN = 'Another reason has this code';

type ReasonRow = typeof writeReasons.$inferSelect;

const viewOf = (row: ReasonRow): WriteReasonView => ({
  id: row.id,
  code: row.code,
  label: row.label,
  active: row.active,
});

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
    const items = rows.map(viewOf);
    return { items, total: items.length, page: 1, page_size: items.length };
  });
}

/** Creates or changes a reason code (id given); a code another reason has is 409. */
export async function saveWriteReason(
  db: Db,
  actor: SessionUser,
  input: WriteReasonInput,
  id?: number,
): Promise<WriteReasonView> {
  const organizationId = actor.organizationId;
  try {
    return await withTenant(db, organizationId, async (tx) => {
      const values = { code: input.code, label: input.label, active: input.active };
      let before: ReasonRow | undefined;
      let saved: ReasonRow | undefined;
      if (id === undefined) {
        [saved] = await tx
          .insert(writeReasons)
          .values({ organizationId, ...values })
          .returning();
      } else {
        const key = and(eq(writeReasons.organizationId, organizationId), eq(writeReasons.id, id));
        [before] = await tx.select().from(writeReasons).where(key).for('update');
        if (!before) throw notFound('Reason not found');
        [saved] = await tx.update(writeReasons).set(values).where(key).returning();
      }
      await writeAudit(tx, {
        organizationId,
        userId: actor.id,
        action: id === undefined ? 'create' : 'update',
        entity: 'write_reason',
        entityId: saved!.id,
        before: before ? viewOf(before) : undefined,
        after: viewOf(saved!),
      });
      return viewOf(saved!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflictField('code', WRITE_REASON_CODE_TAKEN);
    throw error;
  }
}
