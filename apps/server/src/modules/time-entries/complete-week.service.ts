import { and, eq, gte, lte } from 'drizzle-orm';
import type { CompleteWeekInput } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { expenses, timeEntries } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { completeDraftExpenses } from '../expenses/complete-expenses.service';
import { completeDraftEntries } from './bulk-entries.service';
import { addDays } from './calendar';

export type CompletedWeek = {
  week_start: string;
  week_end: string;
  time_entries: number;
  minutes: number;
  expenses: number;
  expense_cents: number;
};

/**
 * POST /time-entries/complete-week (docs/decisions/0198): every draft time entry and expense of
 * the caller dated in the 7 days from `week_start` becomes completed, in one transaction. The
 * drafts are locked (time first, then expenses, each in id order, as the bulk calls lock) and
 * what was completed is counted from the locked rows, so the answer says what this call did.
 * FOR UPDATE checks the condition again on a row a racing call changed while this one waited,
 * so a draft that call completed is left out: nothing is completed, audited or counted twice.
 */
export async function completeWeek(db: Db, actor: SessionUser, input: CompleteWeekInput): Promise<CompletedWeek> {
  const organizationId = actor.organizationId;
  const weekEnd = addDays(input.week_start, 6);
  return withTenant(db, organizationId, async (tx) => {
    const entries = await tx
      .select()
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.organizationId, organizationId),
          eq(timeEntries.userId, actor.id),
          eq(timeEntries.status, 'draft'),
          gte(timeEntries.entryDate, input.week_start),
          lte(timeEntries.entryDate, weekEnd),
        ),
      )
      .orderBy(timeEntries.id)
      .for('update');
    const expenseRows = await tx
      .select()
      .from(expenses)
      .where(
        and(
          eq(expenses.organizationId, organizationId),
          eq(expenses.userId, actor.id),
          eq(expenses.status, 'draft'),
          gte(expenses.expenseDate, input.week_start),
          lte(expenses.expenseDate, weekEnd),
        ),
      )
      .orderBy(expenses.id)
      .for('update');
    await completeDraftEntries(tx, actor, entries);
    await completeDraftExpenses(tx, actor, expenseRows);
    return {
      week_start: input.week_start,
      week_end: weekEnd,
      time_entries: entries.length,
      minutes: entries.reduce((total, entry) => total + entry.minutes, 0),
      expenses: expenseRows.length,
      expense_cents: expenseRows.reduce((total, expense) => total + expense.totalCents, 0),
    };
  });
}
