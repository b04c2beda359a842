import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Credit memos and write-offs of an issued invoice: never changed or deleted. */
export const invoiceAdjustments = pgTable(
  'invoice_adjustments',
  {
    organizationId: integer('organization_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    invoiceId: integer('invoice_id').notNull(),
    clientId: integer('client_id').notNull(),
    kind: text('kind').notNull(),
    adjustmentDate: date('adjustment_date', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);

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

/** The append-only AR journal (PRODUCT.md 7): the app's role may only read and insert. */
export const arLedger = pgTable(
  'ar_ledger',
  {
    organizationId: integer('organization_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    clientId: integer('client_id').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    invoiceId: integer('invoice_id'),
    paymentId: integer('payment_id'),
    adjustmentId: integer('adjustment_id'),
    refundId: integer('refund_id'),
    document: text('document').notNull().default(''),
    debitCents: bigint('debit_cents', { mode: 'number' }).notNull().default(0),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    memo: text('memo').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);
