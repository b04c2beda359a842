import { boolean, foreignKey, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { clients } from './clients';

export const clientContacts = pgTable(
  'client_contacts',
  {
    organizationId: integer('organization_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    clientId: integer('client_id').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    isPrimary: boolean('is_primary').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.clientId],
      foreignColumns: [clients.organizationId, clients.id],
    }).onDelete('cascade'),
  ],
);
