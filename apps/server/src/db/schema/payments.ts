import { bigint, customType, date, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const PAYMENT_METHODS = ['check', 'ach', 'card', 'wire', 'cash'] as const;

/** A client's payment (ADR 0110): money received, applied to invoices by payment_applications. */
export const payments = pgTable(
  'payments',
  {
    organizationId: integer('organization_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    clientId: integer('client_id').notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method').$type<(typeof PAYMENT_METHODS)[number]>().notNull(),
    reference: text('reference').notNull().default(''),
    memo: text('memo').notNull().default(''),
    status: text('status').$type<'active' | 'void'>().notNull().default('active'),
    voidReason: text('void_reason'),
    appliedCents: bigint('applied_cents', { mode: 'number' }).notNull().default(0),
    version: integer('version').notNull().default(1),
    source: text('source').$type<'staff' | 'portal'>().notNull().default('staff'),
    provider: text('provider'),
    providerEventId: text('provider_event_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by'),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);
export type PaymentRow = typeof payments.$inferSelect;

/** The current allocation of a payment to an invoice. */
export const paymentApplications = pgTable(
  'payment_applications',
  {
    organizationId: integer('organization_id').notNull(),
    paymentId: integer('payment_id').notNull(),
    invoiceId: integer('invoice_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.paymentId, table.invoiceId] })],
);

/** Unapplied credit returned to a client: never changed or deleted. */
export const refunds = pgTable(
  'refunds',
  {
    organizationId: integer('organization_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    clientId: integer('client_id').notNull(),
    refundDate: date('refund_date', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method').$type<(typeof PAYMENT_METHODS)[number]>().notNull(),
    reference: text('reference').notNull().default(''),
    memo: text('memo').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The first answer of a money-creating call under its Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: integer('organization_id').notNull(),
    key: text('key').notNull(),
    requestDigest: bytea('request_digest').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.key] })],
);
