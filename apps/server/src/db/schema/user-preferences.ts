import { foreignKey, integer, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A user's preferences kept on the server (migration 0037): the allowed keys only. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    foreignKey({ columns: [table.organizationId, table.userId], foreignColumns: [users.organizationId, users.id] }),
  ],
);
