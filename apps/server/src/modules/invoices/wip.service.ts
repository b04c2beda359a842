import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { WipAnswer } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { clients, expenses, timeEntries } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { expenseViewOf, selectExpenses, type ExpenseView } from '../expenses/expense-view';
import { dateQuery } from '../records/pagination';
import { selectTimeEntries, timeEntryViewOf, type TimeEntryView } from '../time-entries/time-entry-view';
import { readBillingSettings } from './billing-settings';

export const wipQuery = z.object({ as_of: dateQuery('As of').optional() });
export type WipQuery = z.infer<typeof wipQuery>;

/**
 * GET /clients/{id}/wip: the client's completed billable time and expenses that are on no
 * invoice (a draft sets invoice_id, a void clears it), dated on or before `as_of` if given.
 */
export async function readWip(
  db: Db,
  actor: SessionUser,
  clientId: number,
  query: WipQuery,
): Promise<Omit<WipAnswer, 'time_entries' | 'expenses'> & { time_entries: TimeEntryView[]; expenses: ExpenseView[] }> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const [client] = await tx
      .select({
        id: clients.id,
        code: clients.code,
        legalName: clients.legalName,
        paymentTermsDays: clients.paymentTermsDays,
        invoiceEmail: clients.invoiceEmail,
      })
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), eq(clients.id, clientId)));
    if (!client) throw notFound('Client not found');
    const settings = await readBillingSettings(tx, organizationId);
    const entryRows = await selectTimeEntries(
      tx,
      organizationId,
      and(
        eq(timeEntries.clientId, clientId),
        eq(timeEntries.status, 'completed'),
        eq(timeEntries.billable, true),
        isNull(timeEntries.invoiceId),
        query.as_of ? lte(timeEntries.entryDate, query.as_of) : undefined,
      ),
    ).orderBy(asc(timeEntries.entryDate), asc(timeEntries.id));
    const expenseRows = await selectExpenses(
      tx,
      organizationId,
      and(
        eq(expenses.clientId, clientId),
        eq(expenses.status, 'completed'),
        eq(expenses.billable, true),
        isNull(expenses.invoiceId),
        query.as_of ? lte(expenses.expenseDate, query.as_of) : undefined,
      ),
    ).orderBy(asc(expenses.expenseDate), asc(expenses.id));
    const timeEntriesView = entryRows.map(timeEntryViewOf);
    const expensesView = expenseRows.map(expenseViewOf);
    const minutes = timeEntriesView.reduce((sum, entry) => sum + entry.minutes, 0);
    const timeCents = timeEntriesView.reduce((sum, entry) => sum + entry.amount_cents, 0);
    const expenseCents = expensesView.reduce((sum, expense) => sum + expense.total_cents, 0);
    return {
      client: {
        id: client.id,
        client_id: client.code,
        legal_name: client.legalName,
        payment_terms_days: client.paymentTermsDays,
        invoice_email: client.invoiceEmail,
      },
      write_spread: settings.writeSpread,
      time_entries: timeEntriesView,
      expenses: expensesView,
      totals: { minutes, time_cents: timeCents, expense_cents: expenseCents, total_cents: timeCents + expenseCents },
    };
  });
}
