import { foreignKey, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';

export const clientBookmarks = pgTable(
  'client_bookmarks',
  {
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    clientId: integer('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId, table.clientId] }),
    foreignKey({ columns: [table.organizationId, table.userId], foreignColumns: [users.organizationId, users.id] }),
    foreignKey({
      columns: [table.organizationId, table.clientId],
      foreignColumns: [clients.organizationId, clients.id],
    }).onDelete('cascade'),
  ],
);
