import { boolean, date, foreignKey, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { activityTypes } from './activity-types';
import { clients } from './clients';
import { users } from './users';

/** Dated changes of an activity's default rate. */
export const activityTypeRates = pgTable(
  'activity_type_rates',
  {
    organizationId: integer('organization_id').notNull(),
    activityTypeId: integer('activity_type_id').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    rateCents: integer('rate_cents'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.activityTypeId, table.effectiveFrom] }),
    foreignKey({
      columns: [table.organizationId, table.activityTypeId],
      foreignColumns: [activityTypes.organizationId, activityTypes.id],
    }),
  ],
);

/** Which activity types a client may be charged for; a type without a row is enabled. */
export const clientActivityTypes = pgTable(
  'client_activity_types',
  {
    organizationId: integer('organization_id').notNull(),
    clientId: integer('client_id').notNull(),
    activityTypeId: integer('activity_type_id').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.clientId, table.activityTypeId] }),
    foreignKey({
      columns: [table.organizationId, table.clientId],
      foreignColumns: [clients.organizationId, clients.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.organizationId, table.activityTypeId],
      foreignColumns: [activityTypes.organizationId, activityTypes.id],
    }),
  ],
);

/** Dated client overrides of an activity's rate; a null rate ends the override. */
export const clientActivityRates = pgTable(
  'client_activity_rates',
  {
    organizationId: integer('organization_id').notNull(),
    clientId: integer('client_id').notNull(),
    activityTypeId: integer('activity_type_id').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    rateCents: integer('rate_cents'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.clientId, table.activityTypeId, table.effectiveFrom] }),
    foreignKey({
      columns: [table.organizationId, table.clientId],
      foreignColumns: [clients.organizationId, clients.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.organizationId, table.activityTypeId],
      foreignColumns: [activityTypes.organizationId, activityTypes.id],
    }),
  ],
);

/** Dated changes of a user's standard rate; before the first one users.standard_rate_cents applies. */
export const userRates = pgTable(
  'user_rates',
  {
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    rateCents: integer('rate_cents').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId, table.effectiveFrom] }),
    foreignKey({ columns: [table.organizationId, table.userId], foreignColumns: [users.organizationId, users.id] }),
  ],
);
