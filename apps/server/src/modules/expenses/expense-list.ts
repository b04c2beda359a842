import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { EXPENSE_CATEGORIES, TIME_ENTRY_STATUSES, isoDate, recordIdText } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { expenses } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { offsetOf, pageQuery, sortOrder, type Page } from '../records/pagination';
import { requireScopedUser, userFilter, userScope } from '../time-entries/time-entry-list';
import { expenseViewOf, selectExpenses, type ExpenseView } from './expense-view';

const SORT_COLUMNS = {
  expense_date: expenses.expenseDate,
  created_at: expenses.createdAt,
  amount_cents: expenses.amountCents,
} as const;

export const expenseListQuery = z.object({
  ...pageQuery,
  user_id: userFilter,
  client_id: z.optional(recordIdText('Client must be a client id')),
  from: z.optional(isoDate('From')),
  to: z.optional(isoDate('To')),
  status: z.enum(TIME_ENTRY_STATUSES, { error: 'Status must be draft, completed or billed' }).optional(),
  category: z.enum(EXPENSE_CATEGORIES, { error: 'Unknown category' }).optional(),
  sort: z
    .enum(Object.keys(SORT_COLUMNS) as [keyof typeof SORT_COLUMNS], {
      error: `Sort must be one of ${Object.keys(SORT_COLUMNS).join(', ')}`,
    })
    .default('expense_date'),
  order: sortOrder.default('desc'),
});
export type ExpenseListQuery = z.infer<typeof expenseListQuery>;

export type ExpensePage = Page<ExpenseView> & { totals: { amount_cents: number; total_cents: number } };

/** Expenses of the signed-in user by default; others' need the same rights as others' time. */
export async function listExpenses(db: Db, actor: SessionUser, query: ExpenseListQuery): Promise<ExpensePage> {
  const organizationId = actor.organizationId;
  const userId = userScope(actor, query.user_id);
  const where = and(
    ...([
      userId === null ? undefined : eq(expenses.userId, userId),
      query.client_id ? eq(expenses.clientId, query.client_id) : undefined,
      query.from ? gte(expenses.expenseDate, query.from) : undefined,
      query.to ? lte(expenses.expenseDate, query.to) : undefined,
      query.status ? eq(expenses.status, query.status) : undefined,
      query.category ? eq(expenses.category, query.category) : undefined,
    ] satisfies (SQL | undefined)[]),
  );
  const direction = query.order === 'desc' ? desc : asc;
  return withTenant(db, organizationId, async (tx) => {
    await requireScopedUser(tx, actor, userId);
    const rows = await selectExpenses(tx, organizationId, where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), direction(expenses.id))
      .limit(query.page_size)
      .offset(offsetOf(query));
    const [summary] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        amount: sql<number>`coalesce(sum(${expenses.amountCents}), 0)::bigint`.mapWith(Number),
        withMarkup: sql<number>`coalesce(sum(${expenses.totalCents}), 0)::bigint`.mapWith(Number),
      })
      .from(expenses)
      .where(and(eq(expenses.organizationId, organizationId), where));
    return {
      items: rows.map(expenseViewOf),
      total: summary?.total ?? 0,
      page: query.page,
      page_size: query.page_size,
      totals: { amount_cents: summary?.amount ?? 0, total_cents: summary?.withMarkup ?? 0 },
    };
  });
}
