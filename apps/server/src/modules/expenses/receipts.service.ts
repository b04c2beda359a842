import { and, eq } from 'drizzle-orm';
import { withTenant, type Db } from '../../db/client';
import { expenses } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import type { FileStore } from '../uploads/file-store';
import { safeFileName, type Upload } from '../uploads/single-upload';
import { assertMaySee } from '../time-entries/entry-access';
import { expenseSnapshot, type ExpenseView } from './expense-view';
import { loadExpense, lockExpenseForChange } from './expenses.service';

export type StoredReceipt = { content: Buffer; contentType: string; downloadName: string };

/**
 * Attaches (or replaces) an expense's receipt. The file is written under a random name
 * while the expense row is locked; if the transaction fails the new file is removed, and
 * the replaced file is removed only after the commit.
 */
export async function attachReceipt(
  db: Db,
  store: FileStore,
  actor: SessionUser,
  expenseId: number,
  upload: Upload,
): Promise<ExpenseView> {
  const organizationId = actor.organizationId;
  let storedName: string | null = null;
  try {
    const { view, replaced } = await withTenant(db, organizationId, async (tx) => {
      const current = await lockExpenseForChange(tx, actor, expenseId);
      storedName = await store.save(organizationId, upload.content);
      const [updated] = await tx
        .update(expenses)
        .set({
          receiptFile: storedName,
          receiptContentType: upload.type.contentType,
          receiptSize: upload.content.length,
          receiptName: safeFileName(upload.originalName, upload.type, 'receipt'),
          version: current.version + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(expenses.organizationId, organizationId), eq(expenses.id, expenseId)))
        .returning();
      await writeAudit(tx, {
        organizationId,
        userId: actor.id,
        action: 'attach_receipt',
        entity: 'expense',
        entityId: expenseId,
        before: expenseSnapshot(current),
        after: expenseSnapshot(updated!),
      });
      return { view: await loadExpense(tx, organizationId, expenseId), replaced: current.receiptFile };
    });
    if (replaced) await store.remove(organizationId, replaced);
    return view;
  } catch (error) {
    if (storedName) await store.remove(organizationId, storedName);
    throw error;
  }
}

export async function detachReceipt(
  db: Db,
  store: FileStore,
  actor: SessionUser,
  expenseId: number,
): Promise<ExpenseView> {
  const organizationId = actor.organizationId;
  const { view, removed } = await withTenant(db, organizationId, async (tx) => {
    const current = await lockExpenseForChange(tx, actor, expenseId);
    if (!current.receiptFile) throw notFound('This expense has no receipt');
    const [updated] = await tx
      .update(expenses)
      .set({
        receiptFile: null,
        receiptContentType: null,
        receiptSize: null,
        receiptName: null,
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(expenses.organizationId, organizationId), eq(expenses.id, expenseId)))
      .returning();
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'detach_receipt',
      entity: 'expense',
      entityId: expenseId,
      before: expenseSnapshot(current),
      after: expenseSnapshot(updated!),
    });
    return { view: await loadExpense(tx, organizationId, expenseId), removed: current.receiptFile };
  });
  await store.remove(organizationId, removed);
  return view;
}

export async function readReceipt(
  db: Db,
  store: FileStore,
  actor: SessionUser,
  expenseId: number,
): Promise<StoredReceipt> {
  const organizationId = actor.organizationId;
  const row = await withTenant(db, organizationId, async (tx) => {
    const [found] = await tx
      .select({
        userId: expenses.userId,
        file: expenses.receiptFile,
        contentType: expenses.receiptContentType,
        name: expenses.receiptName,
      })
      .from(expenses)
      .where(and(eq(expenses.organizationId, organizationId), eq(expenses.id, expenseId)));
    return found;
  });
  if (!row) throw notFound('Expense not found');
  assertMaySee(actor, row.userId);
  if (!row.file || !row.contentType) throw notFound('This expense has no receipt');
  return {
    content: await store.read(organizationId, row.file),
    contentType: row.contentType,
    downloadName: row.name ?? 'receipt',
  };
}
