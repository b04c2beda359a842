import { z } from 'zod';
import { pageFields } from '@practice/shared';
import { BILLING_PERIODS, BILLING_SORTS } from './billing-query';
import type { BillingTotals } from './billing-totals';

const figures = {
  unbilled_minutes: z.int(),
  unbilled_cents: z.int(),
  billed_cents: z.int(),
  collected_cents: z.int(),
  ar_balance_cents: z.int(),
};

/** GET /billing (its OpenAPI response schema). */
export const billingTotalsAnswer: z.ZodType<BillingTotals> = z.object({
  ...pageFields,
  period: z.enum(BILLING_PERIODS).nullable(),
  partner: z.object({ id: z.int(), name: z.string() }).nullable(),
  from: z.string(),
  to: z.string(),
  as_of: z.string(),
  items: z.array(
    z.object({
      client_id: z.int(),
      client: z.object({ id: z.int(), client_id: z.string(), legal_name: z.string() }),
      ...figures,
    }),
  ),
  sort: z.enum(BILLING_SORTS),
  order: z.enum(['asc', 'desc']),
  totals: z.object(figures),
});

/** POST /billing/refresh. */
export const billingRefreshAnswer = z.object({ refreshed_at: z.string() });
