import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A client statement that was e-mailed (migration 0032, ADR 0136); append-only. */
export const clientStatements = pgTable(
  'client_statements',
  {
    organizationId: integer('organization_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    clientId: integer('client_id').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
    recipients: text('recipients').array().notNull(),
    sentBy: integer('sent_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);
