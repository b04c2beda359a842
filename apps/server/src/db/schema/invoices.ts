import { sql } from 'drizzle-orm';
import { bigint, customType, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** pg gives a Buffer; a row read as JSON (to_json in SQL) gives the hex form, \\x... */
const bytea = customType<{ data: Buffer; driverData: Buffer | string }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (typeof value === 'string' ? Buffer.from(value.slice(2), 'hex') : value),
});

/** An invoice from draft to issued (migrations 0003 and 0020, ADRs 0041 and 0110). */
export const invoices = pgTable(
  'invoices',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    clientId: integer('client_id').notNull(),
    number: text('number'),
    numberSeq: integer('number_seq'),
    status: text('status').notNull().default('draft'),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    termsDays: integer('terms_days').notNull().default(30),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    layout: text('layout').notNull().default('summary'),
    invoiceTextId: integer('invoice_text_id'),
    narrative: text('narrative').notNull().default(''),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    appliedCents: bigint('applied_cents', { mode: 'number' }).notNull().default(0),
    creditedCents: bigint('credited_cents', { mode: 'number' }).notNull().default(0),
    balanceCents: bigint('balance_cents', { mode: 'number' }).generatedAlwaysAs(
      sql`total_cents - applied_cents - credited_cents`,
    ),
    accessCode: text('access_code'),
    accessCodeDigest: bytea('access_code_digest'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: integer('issued_by'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by'),
    voidReason: text('void_reason'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);

/** Gapless invoice numbers: one row per organization, locked by the issuing transaction. */
export const invoiceNumberSequences = pgTable('invoice_number_sequences', {
  organizationId: integer('organization_id').primaryKey(),
  nextNumber: integer('next_number').notNull().default(1),
});
