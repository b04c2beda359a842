import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { activityTypes } from './activity-types';
import { clients } from './clients';
import { invoices } from './invoices';
import { users } from './users';

export const timeEntries = pgTable(
  'time_entries',
  {
    organizationId: integer('organization_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    clientId: integer('client_id').notNull(),
    activityTypeId: integer('activity_type_id').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    narrative: text('narrative').notNull().default(''),
    billable: boolean('billable').notNull(),
    status: text('status').notNull().default('draft'),
    rateCents: integer('rate_cents').notNull(),
    rateSource: text('rate_source').notNull(),
    amountCents: integer('amount_cents').notNull(),
    invoiceId: integer('invoice_id'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.userId], foreignColumns: [users.organizationId, users.id] }),
    foreignKey({
      columns: [table.organizationId, table.clientId],
      foreignColumns: [clients.organizationId, clients.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.activityTypeId],
      foreignColumns: [activityTypes.organizationId, activityTypes.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }),
    index('time_entries_user_date').on(table.organizationId, table.userId, table.entryDate),
    index('time_entries_client_date').on(table.organizationId, table.clientId, table.entryDate),
  ],
);

/** At most one per user (the key), so a timer survives a reload and shows on every device. */
export const runningTimers = pgTable(
  'running_timers',
  {
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    clientId: integer('client_id').notNull(),
    activityTypeId: integer('activity_type_id').notNull(),
    narrative: text('narrative').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    foreignKey({ columns: [table.organizationId, table.userId], foreignColumns: [users.organizationId, users.id] }),
    foreignKey({
      columns: [table.organizationId, table.clientId],
      foreignColumns: [clients.organizationId, clients.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.activityTypeId],
      foreignColumns: [activityTypes.organizationId, activityTypes.id],
    }),
  ],
);
