import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

export const clients = pgTable(
  'clients',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    /** The firm's own client ID (the API's `client_id`). */
    code: text('code').notNull(),
    legalName: text('legal_name').notNull(),
    dba: text('dba'),
    entityType: text('entity_type').notNull(),
    taxIdCiphertext: text('tax_id_ciphertext'),
    taxIdLast4: text('tax_id_last4'),
    status: text('status').notNull().default('active'),
    responsiblePartnerId: integer('responsible_partner_id'),
    responsibleManagerId: integer('responsible_manager_id'),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull().default(''),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('US'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    invoiceEmail: text('invoice_email'),
    notes: text('notes').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'`),
    searchKey: text('search_key').generatedAlwaysAs(sql`lower(code || ' ' || legal_name || ' ' || coalesce(dba, ''))`),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.responsiblePartnerId],
      foreignColumns: [users.organizationId, users.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.responsibleManagerId],
      foreignColumns: [users.organizationId, users.id],
    }),
    uniqueIndex('clients_code_key').on(table.organizationId, sql`lower(${table.code})`),
    index('clients_legal_name').on(table.organizationId, table.legalName),
  ],
);
