import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';

/** GET /billing's periods and sortable columns (docs/decisions/0138). */
export const BILLING_PERIODS = ['this_month', 'last_month', 'this_quarter', 'this_year', 'custom'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
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

export type BillingQuery = {
  period: BillingPeriod;
  from: string;
  to: string;
  partnerId: number | null;
  q: string;
  sort: BillingSort;
  order: 'asc' | 'desc';
  page: number;
};

export const BILLING_PAGE_SIZE = 25;

const figures = {
  unbilled_minutes: z.number(),
  unbilled_cents: z.number(),
  billed_cents: z.number(),
  collected_cents: z.number(),
  ar_balance_cents: z.number(),
};
const billingItemSchema = z.object({
  client_id: z.number(),
  client: z.object({ id: z.number(), client_id: z.string(), legal_name: z.string() }),
  ...figures,
});
export type BillingItem = z.infer<typeof billingItemSchema>;

const billingAnswerSchema = z.extend(pageSchema(billingItemSchema), {
  from: z.string(),
  to: z.string(),
  as_of: z.string(),
  partner: z.nullable(z.object({ id: z.number(), name: z.string() })),
  totals: z.object(figures),
});
export type BillingAnswer = z.infer<typeof billingAnswerSchema>;

/** A custom period asks nothing until both of its dates are there. */
export function isComplete(query: BillingQuery): boolean {
  return query.period !== 'custom' || Boolean(query.from && query.to);
}

function filterParams(query: BillingQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.period === 'custom') {
    params.set('from', query.from);
    params.set('to', query.to);
  } else {
    params.set('period', query.period);
  }
  if (query.partnerId) params.set('partner_id', String(query.partnerId));
  if (query.q) params.set('q', query.q);
  params.set('sort', query.sort);
  params.set('order', query.order);
  return params;
}

export function billingPath(query: BillingQuery): string {
  const params = filterParams(query);
  params.set('page', String(query.page));
  params.set('page_size', String(BILLING_PAGE_SIZE));
  return `/billing?${params.toString()}`;
}

/** GET /billing/export.csv: the same rows, every page. */
export function billingExportPath(query: BillingQuery): string {
  return `/billing/export.csv?${filterParams(query).toString()}`;
}

const billingKeys = { all: ['billing'] as const };

export function useBillingTotals(query: BillingQuery, enabled = true) {
  return useQuery({
    queryKey: [...billingKeys.all, query],
    queryFn: async () => parseAnswer(billingAnswerSchema, await api.get(billingPath(query))),
    placeholderData: keepPreviousData,
    enabled: enabled && isComplete(query),
  });
}

const refreshAnswerSchema = z.object({ refreshed_at: z.string() });

/** POST /billing/refresh: the firm's rollups recomputed from the documents, then the figures read again. */
export function useRefreshBillingTotals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => parseAnswer(refreshAnswerSchema, await api.post('/billing/refresh')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
