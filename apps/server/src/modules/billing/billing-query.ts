import { sql, type SQL } from 'drizzle-orm';
import { isoDate, recordIdText } from '@practice/shared';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { pageQuery, sortOrder } from '../records/pagination';

/** The named periods of /billing, counted in the firm's time zone; `custom` takes `from` and `to`. */
export const BILLING_PERIODS = ['this_month', 'last_month', 'this_quarter', 'this_year', 'custom'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** The sortable columns by their API name; the statement sorts by these output columns. */
export const BILLING_SORTS = [
  'client',
  'client_id',
  'unbilled_minutes',
  'unbilled_cents',
  'billed_cents',
  'collected_cents',
  'ar_balance_cents',
] as const;
export type BillingSort = (typeof BILLING_SORTS)[number];

const filters = {
  period: z.enum(BILLING_PERIODS, { error: `Period must be one of ${BILLING_PERIODS.join(', ')}` }).optional(),
  from: z.optional(isoDate('From')),
  to: z.optional(isoDate('To')),
  partner_id: z.optional(recordIdText('Partner must be a user id')),
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  sort: z.enum(BILLING_SORTS, { error: `Sort must be one of ${BILLING_SORTS.join(', ')}` }).default('client'),
  order: sortOrder.default('asc'),
};

export const billingQuery = z.object({ ...pageQuery, ...filters });
export type BillingQuery = z.infer<typeof billingQuery>;

/** GET /billing/export.csv: the same filters and sort, no pages. */
export const billingExportQuery = z.object(filters);
export type BillingExportQuery = z.infer<typeof billingExportQuery>;

/**
 * The period's first and last day as SQL over `today` (the firm's date): a named period is
 * worked out by the database in the same statement, a custom one needs both dates in order.
 */
export function periodBounds(query: BillingExportQuery, today: SQL): { from: SQL; to: SQL } {
  const named: Record<Exclude<BillingPeriod, 'custom'>, [string, string]> = {
    this_month: ['month', '1 month'],
    last_month: ['month', '1 month'],
    this_quarter: ['quarter', '3 months'],
    this_year: ['year', '1 year'],
  };
  if (query.period && query.period !== 'custom') {
    const [unit, length] = named[query.period];
    const start =
      query.period === 'last_month'
        ? sql`(date_trunc('month', ${today}::timestamp) - interval '1 month')`
        : sql`date_trunc(${unit}, ${today}::timestamp)`;
    return {
      from: sql`${start}::date`,
      to: sql`(${start} + interval ${sql.raw(`'${length}'`)} - interval '1 day')::date`,
    };
  }
  const details: Record<string, string> = {};
  if (!query.from) details.from = 'From is required';
  if (!query.to) details.to = 'To is required';
  if (query.from && query.to && query.from > query.to) details.to = 'To must be on or after From';
  if (Object.keys(details).length > 0) throw badRequest(Object.values(details)[0]!, details);
  return { from: sql`${query.from}::date`, to: sql`${query.to}::date` };
}
