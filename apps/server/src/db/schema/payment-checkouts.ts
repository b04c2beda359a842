import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const CHECKOUT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type CheckoutProvider = (typeof CHECKOUT_PROVIDERS)[number];
export type CheckoutStatus = 'open' | 'succeeded' | 'failed';

/** A payment a client started in the portal, and what its provider made of it (ADR 0144). */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    organizationId: integer('organization_id').notNull(),
    id: text('id').notNull(),
    invoiceId: integer('invoice_id').notNull(),
    clientId: integer('client_id').notNull(),
    provider: text('provider').$type<CheckoutProvider>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    providerCheckoutId: text('provider_checkout_id'),
    url: text('url'),
    status: text('status').$type<CheckoutStatus>().notNull().default('open'),
    failureMessage: text('failure_message'),
    providerEventId: text('provider_event_id'),
    paymentId: integer('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);
export type PaymentCheckoutRow = typeof paymentCheckouts.$inferSelect;

/** The sandbox provider's checkout, as a real provider keeps it on its side (ADR 0145). */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: text('id').primaryKey(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  description: text('description').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  status: text('status').$type<'open' | 'succeeded' | 'declined'>().notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** The sandbox's signed events waiting for delivery to our webhook. */
export const sandboxEvents = pgTable('sandbox_events', {
  id: text('id').primaryKey(),
  checkoutId: text('checkout_id').notNull(),
  body: text('body').notNull(),
  status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
});
