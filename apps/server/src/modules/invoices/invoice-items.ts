import { and, asc, eq, inArray } from 'drizzle-orm';
import { EXPENSE_CATEGORY_LABELS, type ExpenseCategory } from '@practice/shared';
import type { Tx } from '../../db/client';
import { activityTypes, expenses, invoiceLines, timeEntries } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../db/pg-errors';
import { notFoundField } from '../records/field-errors';

export const ITEM_ALREADY_INVOICED = 'An item you selected is already on an invoice';

export type NewLine = Omit<typeof invoiceLines.$inferInsert, 'organizationId' | 'invoiceId' | 'position'>;

/** 409 naming the field and the item, for an item that is no longer in WIP. */
function notInWip(field: string, what: string, id: number, why: string): AppError {
  const message = `${what} ${id} ${why}`;
  return new AppError(409, message, { [field]: message });
}

/**
 * The selected time entries of the client, locked for this transaction: a second biller
 * selecting one of them waits here, then finds it on this draft (409). Another firm's or
 * another client's entry is not found (404).
 */
export async function lockTimeItems(tx: Tx, organizationId: number, clientId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ entry: timeEntries, activity: activityTypes.name })
    .from(timeEntries)
    .innerJoin(
      activityTypes,
      and(
        eq(activityTypes.organizationId, timeEntries.organizationId),
        eq(activityTypes.id, timeEntries.activityTypeId),
      ),
    )
    .where(
      and(
        eq(timeEntries.organizationId, organizationId),
        eq(timeEntries.clientId, clientId),
        inArray(timeEntries.id, unique),
      ),
    )
    .orderBy(asc(timeEntries.entryDate), asc(timeEntries.id))
    .for('update', { of: timeEntries });
  if (rows.length !== unique.length) throw notFoundField('time_entry_ids', 'Time entry not found');
  for (const { entry } of rows) {
    if (entry.invoiceId !== null) throw notInWip('time_entry_ids', 'Time entry', entry.id, 'is already on an invoice');
    if (entry.status !== 'completed') throw notInWip('time_entry_ids', 'Time entry', entry.id, 'is not completed');
    if (!entry.billable) throw notInWip('time_entry_ids', 'Time entry', entry.id, 'is not billable');
  }
  return rows;
}

export async function lockExpenseItems(tx: Tx, organizationId: number, clientId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(expenses)
    .where(
      and(eq(expenses.organizationId, organizationId), eq(expenses.clientId, clientId), inArray(expenses.id, unique)),
    )
    .orderBy(asc(expenses.expenseDate), asc(expenses.id))
    .for('update');
  if (rows.length !== unique.length) throw notFoundField('expense_ids', 'Expense not found');
  for (const expense of rows) {
    if (expense.invoiceId !== null) throw notInWip('expense_ids', 'Expense', expense.id, 'is already on an invoice');
    if (expense.status !== 'completed') throw notInWip('expense_ids', 'Expense', expense.id, 'is not completed');
    if (!expense.billable) throw notInWip('expense_ids', 'Expense', expense.id, 'is not billable');
  }
  return rows;
}

export type TimeItem = Awaited<ReturnType<typeof lockTimeItems>>[number];
export type ExpenseItem = Awaited<ReturnType<typeof lockExpenseItems>>[number];

export function timeLineOf({ entry, activity }: TimeItem, amountCents: number): NewLine {
  return {
    kind: 'time',
    timeEntryId: entry.id,
    activityTypeId: entry.activityTypeId,
    groupLabel: activity,
    description: entry.narrative,
    itemDate: entry.entryDate,
    userId: entry.userId,
    minutes: entry.minutes,
    rateCents: entry.rateCents,
    standardCents: entry.amountCents,
    amountCents,
  };
}

export function expenseLineOf(expense: ExpenseItem): NewLine {
  const label = EXPENSE_CATEGORY_LABELS[expense.category as ExpenseCategory] ?? expense.category;
  return {
    kind: 'expense',
    expenseId: expense.id,
    description: expense.description ? `${label}: ${expense.description}` : label,
    itemDate: expense.expenseDate,
    userId: expense.userId,
    standardCents: expense.totalCents,
    amountCents: expense.totalCents,
  };
}

/**
 * Inserts the lines; the unique indexes on unreleased lines are the last word on "one
 * non-void invoice per item", so a violation there is the same 409 as the check above.
 */
export async function insertLines(
  tx: Tx,
  organizationId: number,
  invoiceId: number,
  lines: NewLine[],
  firstPosition = 1,
): Promise<void> {
  if (lines.length === 0) return;
  try {
    await tx
      .insert(invoiceLines)
      .values(lines.map((line, index) => ({ ...line, organizationId, invoiceId, position: firstPosition + index })));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, ITEM_ALREADY_INVOICED);
    throw error;
  }
}
