import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A password accepted while a second factor is still due; the browser holds a token naming it. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    organizationId: integer('organization_id').notNull(),
    id: uuid('id').notNull(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    failedTries: integer('failed_tries').notNull().default(0),
    codesSent: integer('codes_sent').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    unique().on(table.organizationId, table.tokenHash),
    index().on(table.organizationId, table.userId),
    foreignKey({ columns: [table.organizationId, table.userId], foreignColumns: [users.organizationId, users.id] }),
  ],
);
