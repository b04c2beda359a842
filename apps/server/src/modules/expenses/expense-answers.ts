import { z } from 'zod';
import { pageFields } from '@practice/shared';
import type { ExpenseView } from './expense-view';

/** An expense as the API answers it (its OpenAPI response schema). */
export const expenseAnswer: z.ZodType<ExpenseView> = z.object({
  id: z.int(),
  user_id: z.int(),
  user: z.object({ id: z.int(), name: z.string() }),
  client_id: z.int(),
  client: z.object({ id: z.int(), client_id: z.string(), legal_name: z.string() }),
  expense_date: z.string(),
  category: z.string(),
  description: z.string(),
  amount_cents: z.int(),
  miles: z.number().nullable().describe('Mileage: the distance, one decimal; null for other expenses'),
  mileage_rate_mills: z.int().nullable(),
  billable: z.boolean(),
  markup_basis_points: z.int(),
  markup_cents: z.int(),
  total_cents: z.int(),
  status: z.string(),
  invoice_id: z.int().nullable(),
  receipt: z.object({ content_type: z.string(), size: z.int(), name: z.string() }).nullable(),
  version: z.int(),
  created_at: z.date(),
  updated_at: z.date(),
});

export const expenseListAnswer = z.object({
  ...pageFields,
  items: z.array(expenseAnswer),
  totals: z.object({ amount_cents: z.int(), total_cents: z.int() }),
});

export const completedExpensesAnswer = z.object({ items: z.array(expenseAnswer) });

export const expenseSettingsAnswer = z.object({ mileage_rate_mills: z.int() });
