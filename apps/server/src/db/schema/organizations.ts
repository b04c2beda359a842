import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const organizations = pgTable('organizations', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  subdomain: text('subdomain').notNull().unique(),
  status: text('status').notNull().default('active'),
  primaryColor: text('primary_color').notNull().default('#007bff'),
  secondaryColor: text('secondary_color').notNull().default('#6c757d'),
  timeZone: text('time_zone').notNull().default('America/New_York'),
  require2fa: boolean('require_2fa').notNull().default(false),
  /** Rounding of time entries on save: 0 (none), 6 or 15 minutes, `up` or `nearest`. */
  timeRoundingMinutes: integer('time_rounding_minutes').notNull().default(0),
  timeRoundingMode: text('time_rounding_mode').notNull().default('up'),
  /** Invoice settings (migration 0020, ADR 0110). */
  invoicePrefix: text('invoice_prefix').notNull().default('INV-'),
  defaultTermsDays: integer('default_terms_days').notNull().default(30),
  remitTo: text('remit_to').notNull().default(''),
  invoiceFooter: text('invoice_footer').notNull().default(''),
  /** How a bill amount is spread over time entries: by standard `value` or by `hours`. */
  writeSpread: text('write_spread').$type<'value' | 'hours'>().notNull().default('value'),
  /** Rate per mile for mileage expenses, in mills (tenths of a cent). */
  mileageRateMills: integer('mileage_rate_mills').notNull().default(700),
  /** Firm settings (migration 0037): edit version and the logo in the upload store. */
  settingsVersion: integer('settings_version').notNull().default(1),
  logoFile: text('logo_file'),
  logoContentType: text('logo_content_type'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
