import type { z } from 'zod';
import { EXPENSE_CATEGORY_LABELS, formatMileageRate, type ExpenseCategory } from '@practice/shared';
import type { Db } from '../../db/client';
import { CSV_EXPORT_MAX_ROWS, dollars, toCsv, tooManyRows, type CsvColumn } from '../../lib/csv';
import type { SessionUser } from '../../plugins/route-permission';
import { expenseListQuery, listExpenses } from './expense-list';
import type { ExpenseView } from './expense-view';

/** GET /expenses/export.csv takes the list's filters and sort; it has no pages. */
export const expenseExportQuery = expenseListQuery.omit({ page: true, page_size: true });

const COLUMNS: CsvColumn<ExpenseView>[] = [
  { header: 'date', value: (expense) => expense.expense_date },
  { header: 'person', value: (expense) => expense.user.name },
  { header: 'client_id', value: (expense) => expense.client.client_id },
  { header: 'client_name', value: (expense) => expense.client.legal_name },
  { header: 'category', value: (expense) => EXPENSE_CATEGORY_LABELS[expense.category as ExpenseCategory] },
  { header: 'description', value: (expense) => expense.description },
  { header: 'miles', value: (expense) => expense.miles },
  {
    header: 'rate_per_mile',
    value: (expense) =>
      expense.mileage_rate_mills === null ? null : formatMileageRate(expense.mileage_rate_mills).slice(1),
  },
  { header: 'amount', value: (expense) => dollars(expense.amount_cents) },
  { header: 'markup', value: (expense) => dollars(expense.markup_cents) },
  { header: 'total', value: (expense) => dollars(expense.total_cents) },
  { header: 'billable', value: (expense) => expense.billable },
  { header: 'status', value: (expense) => expense.status },
  { header: 'receipt', value: (expense) => expense.receipt !== null },
];

/** The filtered list of expenses as CSV, with the list's scope. */
export async function exportExpenses(
  db: Db,
  actor: SessionUser,
  query: z.infer<typeof expenseExportQuery>,
): Promise<string> {
  const page = await listExpenses(db, actor, { ...query, page: 1, page_size: CSV_EXPORT_MAX_ROWS });
  if (page.total > CSV_EXPORT_MAX_ROWS) throw tooManyRows();
  return toCsv(COLUMNS, page.items);
}
