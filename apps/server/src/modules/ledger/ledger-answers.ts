import { z } from 'zod';
import { pageFields } from '@practice/shared';
import { LEDGER_KINDS } from '../../db/schema/index';
import type { AgingAnswer } from './ledger-aging';
import type { LedgerEntryView } from './ledger-journal';

/** The answers of GET /ledger and GET /ledger/aging (their OpenAPI response schemas). */

const clientReference = z.object({ id: z.int(), client_id: z.string(), legal_name: z.string() });

const ledgerEntryView: z.ZodType<LedgerEntryView> = z.object({
  id: z.int(),
  entry_date: z.string(),
  client_id: z.int(),
  client: clientReference,
  kind: z.enum(LEDGER_KINDS),
  document: z.string(),
  invoice_id: z.int().nullable(),
  payment_id: z.int().nullable(),
  adjustment_id: z.int().nullable(),
  refund_id: z.int().nullable(),
  debit_cents: z.int(),
  credit_cents: z.int(),
  balance_cents: z.int().describe("The client's balance after this row, whatever the filters"),
  memo: z.string(),
  created_at: z.string(),
});

export const ledgerAnswer = z.object({
  ...pageFields,
  items: z.array(ledgerEntryView),
  totals: z.object({ debit_cents: z.int(), credit_cents: z.int(), balance_cents: z.int() }),
  opening_balance_cents: z.int(),
});

const agingFigures = {
  current_cents: z.int(),
  days_1_30_cents: z.int(),
  days_31_60_cents: z.int(),
  days_61_90_cents: z.int(),
  days_over_90_cents: z.int(),
  unapplied_cents: z.int(),
  balance_cents: z.int(),
};

export const agingAnswer: z.ZodType<AgingAnswer> = z.object({
  ...pageFields,
  as_of: z.string(),
  items: z.array(z.object({ client_id: z.int(), client: clientReference, ...agingFigures })),
  totals: z.object(agingFigures),
});
