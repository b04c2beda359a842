import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { invoices } from './invoices';
import { users } from './users';

export const expenses = pgTable(
  'expenses',
  {
    organizationId: integer('organization_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    clientId: integer('client_id').notNull(),
    expenseDate: date('expense_date', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    amountCents: integer('amount_cents').notNull(),
    billable: boolean('billable').notNull().default(true),
    markupBasisPoints: integer('markup_basis_points').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    status: text('status').notNull().default('draft'),
    /** Mileage only: the distance in tenths of a mile and the rate per mile (mills) it was priced at. */
    distanceTenths: integer('distance_tenths'),
    mileageRateMills: integer('mileage_rate_mills'),
    invoiceId: integer('invoice_id'),
    /** Random name of the stored file under DATA_DIR/uploads; never a name the browser chose. */
    receiptFile: text('receipt_file'),
    receiptContentType: text('receipt_content_type'),
    receiptSize: integer('receipt_size'),
    receiptName: text('receipt_name'),
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
      columns: [table.organizationId, table.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }),
    index('expenses_user_date').on(table.organizationId, table.userId, table.expenseDate),
    index('expenses_client_date').on(table.organizationId, table.clientId, table.expenseDate),
  ],
);
