import { boolean, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

export const roles = pgTable(
  'roles',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    all: boolean('all').notNull().default(false),
    canViewTimeEntries: boolean('can_view_time_entries').notNull().default(false),
    canEditTimeEntries: boolean('can_edit_time_entries').notNull().default(false),
    canViewClients: boolean('can_view_clients').notNull().default(false),
    canEditClients: boolean('can_edit_clients').notNull().default(false),
    canViewInvoices: boolean('can_view_invoices').notNull().default(false),
    canCreateInvoices: boolean('can_create_invoices').notNull().default(false),
    canEditInvoices: boolean('can_edit_invoices').notNull().default(false),
    canViewBilling: boolean('can_view_billing').notNull().default(false),
    canViewPayments: boolean('can_view_payments').notNull().default(false),
    canEditPayments: boolean('can_edit_payments').notNull().default(false),
    canViewArLedger: boolean('can_view_ar_ledger').notNull().default(false),
    canViewReportsPage: boolean('can_view_reports_page').notNull().default(false),
    canViewReports: boolean('can_view_reports').notNull().default(false),
    canViewUsers: boolean('can_view_users').notNull().default(false),
    canEditUsers: boolean('can_edit_users').notNull().default(false),
    canViewAdminPage: boolean('can_view_admin_page').notNull().default(false),
    version: integer('version').notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] }), unique().on(table.organizationId, table.name)],
);
