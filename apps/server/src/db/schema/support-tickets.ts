import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A support ticket (migration 0042, ADR 0161). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    organizationId: integer('organization_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    authorId: integer('author_id').notNull(),
    assigneeId: integer('assignee_id'),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('open'),
    authorReadAt: timestamp('author_read_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);

/** One message of a ticket's thread; append-only. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    organizationId: integer('organization_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id').notNull(),
    authorId: integer('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);

/** A file attached to a ticket, stored by the upload file store under a random name. */
export const supportTicketAttachments = pgTable(
  'support_ticket_attachments',
  {
    organizationId: integer('organization_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id').notNull(),
    storedFile: text('stored_file').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    fileName: text('file_name').notNull(),
    uploadedBy: integer('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);
