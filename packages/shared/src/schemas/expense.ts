import { z } from 'zod/mini';
import { MILEAGE_RATE_MILLS_MAX, MILES_MAX, milesToTenths } from '../mileage';
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

const amountCents = z
  .int({ error: (issue) => (issue.input === undefined ? 'Amount is required' : 'Amount must be whole cents') })
  .check(z.gt(0, 'Amount must be more than 0'), z.lte(EXPENSE_AMOUNT_MAX_CENTS, 'Amount must be at most $1,000,000'));

const miles = z
  .number({ error: (issue) => (issue.input === undefined ? 'Miles are required' : 'Miles must be a number') })
  .check(
    z.gt(0, 'Miles must be more than 0'),
    z.lte(MILES_MAX, `Miles must be at most ${MILES_MAX.toLocaleString('en-US')}`),
    z.refine((value) => !Number.isNaN(milesToTenths(value)), 'Miles take at most one decimal'),
  );

/**
 * The expense form and POST /expenses; the receipt is uploaded separately (POST /expenses/{id}/receipt).
 * A mileage expense gives `miles` and the server prices it at the firm's rate per mile
 * (docs/decisions/0106); every other category gives `amount_cents`.
 */
const expenseFields = z.object({
  user_id: z.optional(idOf('User')),
  client_id: idOf('Client'),
  expense_date: isoDate('Date'),
  category: z.enum(EXPENSE_CATEGORIES, 'Choose a category'),
  description: z._default(optionalText('Description', 500), ''),
  amount_cents: z.optional(amountCents),
  miles: z.optional(miles),
  billable: z._default(z.boolean('Billable must be true or false'), true),
  markup_basis_points: z._default(
    z
      .int('Markup must be whole basis points')
      .check(z.gte(0, 'Markup cannot be negative'), z.lte(MARKUP_BASIS_POINTS_MAX, 'Markup must be at most 1000%')),
    0,
  ),
  status: z._default(z.enum(EDITABLE_STATUSES, 'Status must be draft or completed'), 'draft'),
});

/** Mileage names its distance; every other category its amount. */
const pricedByKind = z.superRefine(
  (expense: { category: ExpenseCategory; miles?: number; amount_cents?: number }, context) => {
    if (expense.category === 'mileage' && expense.miles === undefined) {
      context.issues.push({ code: 'custom', message: 'Miles are required', path: ['miles'], input: expense });
    }
    if (expense.category !== 'mileage' && expense.amount_cents === undefined) {
      context.issues.push({ code: 'custom', message: 'Amount is required', path: ['amount_cents'], input: expense });
    }
  },
);

export const expenseSchema = expenseFields.check(pricedByKind);
export type ExpenseInput = z.infer<typeof expenseSchema>;

export const expenseUpdateSchema = z.extend(expenseFields, { version: versionField() }).check(pricedByKind);
export type ExpenseUpdateInput = z.infer<typeof expenseUpdateSchema>;

/** PUT /expense-settings: the firm's rate per mile for new mileage expenses, in mills (700 is $0.70). */
export const expenseSettingsSchema = z.object({
  mileage_rate_mills: z
    .int({
      error: (issue) =>
        issue.input === undefined
          ? 'Rate per mile is required'
          : 'Rate per mile must be whole mills (tenths of a cent)',
    })
    .check(
      z.gt(0, 'Rate per mile must be more than 0'),
      z.lte(MILEAGE_RATE_MILLS_MAX, 'Rate per mile must be at most $10.00'),
    ),
});
export type ExpenseSettingsInput = z.infer<typeof expenseSettingsSchema>;

/** At most a page of expenses is completed at once, as time entries (COMPLETE_ENTRIES_MAX). */
export const COMPLETE_EXPENSES_MAX = 100;

/** POST /expenses/complete: drafts to completed, all or none (docs/decisions/0197). */
export const completeExpensesSchema = z.object({
  ids: z
    .array(idOf('Expense'), 'Choose the expenses to complete')
    .check(
      z.minLength(1, 'Choose at least one expense'),
      z.maxLength(COMPLETE_EXPENSES_MAX, `Complete at most ${COMPLETE_EXPENSES_MAX} expenses at once`),
    ),
});
export type CompleteExpensesInput = z.infer<typeof completeExpensesSchema>;
