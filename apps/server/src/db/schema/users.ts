import { boolean, foreignKey, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { roles } from './roles';

export const users = pgTable(
  'users',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    roleId: integer('role_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    standardRateCents: integer('standard_rate_cents').notNull().default(0),
    active: boolean('active').notNull().default(true),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Migration 0037 (issue 16). */
    version: integer('version').notNull().default(1),
    availableMinutesPerWeek: integer('available_minutes_per_week').notNull().default(2400),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    pendingEmail: text('pending_email'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.roleId], foreignColumns: [roles.organizationId, roles.id] }),
  ],
);
