import { date, foreignKey, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { organizations } from './organizations';

/** The part of an invoice that time, expenses and the dashboard need; billing extends the table. */
export const invoices = pgTable(
  'invoices',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    clientId: integer('client_id').notNull(),
    number: text('number'),
    status: text('status').notNull().default('draft'),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    totalCents: integer('total_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.clientId],
      foreignColumns: [clients.organizationId, clients.id],
    }),
  ],
);
