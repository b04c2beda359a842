import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

export const activityTypes = pgTable(
  'activity_types',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** The rate before the first dated change in activity_type_rates; null: the activity has no rate of its own. */
    defaultRateCents: integer('default_rate_cents'),
    billable: boolean('billable').notNull().default(true),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('activity_types_code_key').on(table.organizationId, sql`lower(${table.code})`),
  ],
);
