import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizations } from './organizations';

export type StoredAttachment = { filename: string; content_type: string; content_base64: string };

export const MAIL_STATUSES = ['pending', 'sent', 'logged', 'failed'] as const;

/** Outgoing mail: written in the caller's transaction, delivered after commit, retried with backoff. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** Emptied once an SMTP server has taken the message: codes and links are not kept. */
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** Files sent with the message (an invoice's PDF), base64; emptied with the bodies. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('mail_outbox_due')
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);
