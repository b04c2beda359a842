import { z } from 'zod/mini';

/** The shapes of GET /ledger and GET /ledger/aging this feature reads (API.md "Payments, ledger, billing"). */

export const LEDGER_KINDS = [
  'invoice',
  'payment',
  'credit_memo',
  'write_off',
  'invoice_void',
  'payment_void',
  'refund',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

const clientRef = z.object({ id: z.number(), client_id: z.string(), legal_name: z.string() });

export const ledgerEntrySchema = z.object({
  id: z.number(),
  entry_date: z.string(),
  client_id: z.number(),
  client: clientRef,
  kind: z.enum(LEDGER_KINDS),
  document: z.string(),
  invoice_id: z.nullable(z.number()),
  payment_id: z.nullable(z.number()),
  debit_cents: z.number(),
  credit_cents: z.number(),
  balance_cents: z.number(),
  memo: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerPageSchema = z.object({
  items: z.array(ledgerEntrySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  totals: z.object({ debit_cents: z.number(), credit_cents: z.number(), balance_cents: z.number() }),
  opening_balance_cents: z.number(),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

const figures = {
  current_cents: z.number(),
  days_1_30_cents: z.number(),
  days_31_60_cents: z.number(),
  days_61_90_cents: z.number(),
  days_over_90_cents: z.number(),
  unapplied_cents: z.number(),
  balance_cents: z.number(),
};
export type AgingFigures = { [Name in keyof typeof figures]: number };

export const agingSchema = z.object({
  as_of: z.string(),
  items: z.array(z.object({ client_id: z.number(), client: clientRef, ...figures })),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  totals: z.object(figures),
});
export type Aging = z.infer<typeof agingSchema>;
export type AgingItem = Aging['items'][number];

export const ledgerKeys = {
  all: ['ledger'] as const,
  journal: (query: object) => ['ledger', 'journal', query] as const,
  aging: (query: object) => ['ledger', 'aging', query] as const,
};
