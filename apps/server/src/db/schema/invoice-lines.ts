import { sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** One billed item (time entry, expense or fixed fee) with its write-up/down (ADR 0110). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    organizationId: integer('organization_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    invoiceId: integer('invoice_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    timeEntryId: integer('time_entry_id'),
    expenseId: integer('expense_id'),
    activityTypeId: integer('activity_type_id'),
    groupLabel: text('group_label').notNull().default(''),
    description: text('description').notNull().default(''),
    itemDate: date('item_date', { mode: 'string' }),
    userId: integer('user_id'),
    minutes: integer('minutes'),
    rateCents: integer('rate_cents'),
    standardCents: bigint('standard_cents', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    writeCents: bigint('write_cents', { mode: 'number' }).generatedAlwaysAs(sql`amount_cents - standard_cents`),
    writeReasonId: integer('write_reason_id'),
    writeReason: text('write_reason'),
    released: boolean('released').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);
