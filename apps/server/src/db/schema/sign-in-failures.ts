import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Not a tenant table: failures are counted before anyone knows which organization is asking. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    key: text('key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.key, table.failedAt)],
);
