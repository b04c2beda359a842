import { and, eq, inArray } from 'drizzle-orm';
import type { CompleteExpensesInput } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { expenses } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { assertMayChange } from '../time-entries/entry-access';
import { EXPENSE_BILLED_LOCKED } from './expenses.service';
import { expenseSnapshot, expenseViewOf, selectExpenses, type ExpenseView } from './expense-view';

type ExpenseRow = typeof expenses.$inferSelect;

/**
 * Turns locked draft expenses into completed ones, each with a new version and an audit row;
 * shared by the bulk call and the week's completion, which hold the rows locked already.
 */
export async function completeDraftExpenses(tx: Tx, actor: SessionUser, locked: ExpenseRow[]): Promise<void> {
  for (const expense of locked.filter((candidate) => candidate.status === 'draft')) {
    const [updated] = await tx
      .update(expenses)
      .set({ status: 'completed', version: expense.version + 1, updatedAt: new Date() })
      .where(and(eq(expenses.organizationId, actor.organizationId), eq(expenses.id, expense.id)))
      .returning();
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.id,
      action: 'update',
      entity: 'expense',
      entityId: expense.id,
      before: expenseSnapshot(expense),
      after: expenseSnapshot(updated!),
    });
  }
}

/**
 * Completes several expenses at once, as time entries complete (docs/decisions/0108, 0197),
 * all or none: every id must be this organization's (else 404), each the actor's own or
 * changeable by him (else 403), none billed (else 409). The rows are locked in id order, so
 * two overlapping calls wait for each other and each expense is completed, and audited, once.
 */
export async function completeExpenses(
  db: Db,
  actor: SessionUser,
  input: CompleteExpensesInput,
): Promise<{ items: ExpenseView[] }> {
  const organizationId = actor.organizationId;
  const ids = [...new Set(input.ids)];
  return withTenant(db, organizationId, async (tx) => {
    const current = await tx
      .select()
      .from(expenses)
      .where(and(eq(expenses.organizationId, organizationId), inArray(expenses.id, ids)))
      .orderBy(expenses.id)
      .for('update');
    if (current.length !== ids.length) throw notFound('Expense not found');
    for (const expense of current) assertMayChange(actor, expense.userId);
    if (current.some((expense) => expense.status === 'billed')) throw conflict(EXPENSE_BILLED_LOCKED);
    await completeDraftExpenses(tx, actor, current);
    const rows = await selectExpenses(tx, organizationId, inArray(expenses.id, ids)).orderBy(expenses.id);
    return { items: rows.map(expenseViewOf) };
  });
}
