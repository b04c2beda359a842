import { z } from 'zod/mini';
import { idOf, isoDate, optionalText, versionField } from './fields';
import { EDITABLE_STATUSES } from './time-entry';

export const EXPENSE_CATEGORIES = [
  'filing_fee',
  'postage',
  'printing',
  'courier',
  'travel',
  'mileage',
  'meals',
  'software',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  filing_fee: 'Filing fee',
  postage: 'Postage',
  printing: 'Printing',
  courier: 'Courier',
  travel: 'Travel',
  mileage: 'Mileage',
  meals: 'Meals',
  software: 'Software',
  other: 'Other',
};

export const EXPENSE_AMOUNT_MAX_CENTS = 100_000_000;
/** Markup in basis points: 1000 is 10%; at most 1000%. */
export const MARKUP_BASIS_POINTS_MAX = 100_000;

/** Receipts: size limit and the types accepted, judged by the file's content. */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/heic',
  'application/pdf',
] as const;

/** The expense form and POST /expenses; the receipt is uploaded separately (POST /expenses/{id}/receipt). */
export const expenseSchema = z.object({
  user_id: z.optional(idOf('User')),
  client_id: idOf('Client'),
  expense_date: isoDate('Date'),
  category: z.enum(EXPENSE_CATEGORIES, 'Choose a category'),
  description: z._default(optionalText('Description', 500), ''),
  amount_cents: z
    .int({ error: (issue) => (issue.input === undefined ? 'Amount is required' : 'Amount must be whole cents') })
    .check(z.gt(0, 'Amount must be more than 0'), z.lte(EXPENSE_AMOUNT_MAX_CENTS, 'Amount must be at most $1,000,000')),
  billable: z._default(z.boolean('Billable must be true or false'), true),
  markup_basis_points: z._default(
    z
      .int('Markup must be whole basis points')
      .check(z.gte(0, 'Markup cannot be negative'), z.lte(MARKUP_BASIS_POINTS_MAX, 'Markup must be at most 1000%')),
    0,
  ),
  status: z._default(z.enum(EDITABLE_STATUSES, 'Status must be draft or completed'), 'draft'),
});
export type ExpenseInput = z.infer<typeof expenseSchema>;

export const expenseUpdateSchema = z.extend(expenseSchema, { version: versionField() });
export type ExpenseUpdateInput = z.infer<typeof expenseUpdateSchema>;
