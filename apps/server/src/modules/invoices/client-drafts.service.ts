import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { withTenant, type Db } from '../../db/client';
import { expenses, timeEntries } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { requireClient } from '../clients/client-lookup';
import { expenseViewOf, selectExpenses, type ExpenseView } from '../expenses/expense-view';
import { selectTimeEntries, timeEntryViewOf, type TimeEntryView } from '../time-entries/time-entry-view';

/** The list shows the oldest drafts first, a page of each kind; the totals count them all. */
export const CLIENT_DRAFTS_SHOWN = 100;

export type ClientDrafts = {
  client: { id: number; client_id: string; legal_name: string };
  time_entries: TimeEntryView[];
  expenses: ExpenseView[];
  totals: { time_entries: number; minutes: number; expenses: number; expense_cents: number };
};

/**
 * GET /clients/{id}/drafts (docs/decisions/0199): the client's billable drafts, everyone's,
 * which reach WIP once completed. The WIP page names how many wait and links to this list, so
 * the biller who sees them may read them as he reads the completed ones (can_create_invoices).
 */
export async function readClientDrafts(db: Db, actor: SessionUser, clientId: number): Promise<ClientDrafts> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const client = await requireClient(tx, organizationId, clientId, { field: 'id' });
    const draftTime: SQL | undefined = and(
      eq(timeEntries.clientId, clientId),
      eq(timeEntries.status, 'draft'),
      eq(timeEntries.billable, true),
    );
    const draftExpenses: SQL | undefined = and(
      eq(expenses.clientId, clientId),
      eq(expenses.status, 'draft'),
      eq(expenses.billable, true),
    );
    const entryRows = await selectTimeEntries(tx, organizationId, draftTime)
      .orderBy(asc(timeEntries.entryDate), asc(timeEntries.id))
      .limit(CLIENT_DRAFTS_SHOWN);
    const expenseRows = await selectExpenses(tx, organizationId, draftExpenses)
      .orderBy(asc(expenses.expenseDate), asc(expenses.id))
      .limit(CLIENT_DRAFTS_SHOWN);
    const [time] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        minutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::bigint`.mapWith(Number),
      })
      .from(timeEntries)
      .where(and(eq(timeEntries.organizationId, organizationId), draftTime));
    const [money] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        cents: sql<number>`coalesce(sum(${expenses.totalCents}), 0)::bigint`.mapWith(Number),
      })
      .from(expenses)
      .where(and(eq(expenses.organizationId, organizationId), draftExpenses));
    return {
      client: { id: client.id, client_id: client.code, legal_name: client.legalName },
      time_entries: entryRows.map(timeEntryViewOf),
      expenses: expenseRows.map(expenseViewOf),
      totals: {
        time_entries: time?.count ?? 0,
        minutes: time?.minutes ?? 0,
        expenses: money?.count ?? 0,
        expense_cents: money?.cents ?? 0,
      },
    };
  });
}
