import { z } from 'zod';
import {
  pageFields,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type SupportTicket,
  type SupportTicketDetail,
  type TicketAttachment,
  type TicketMessage,
} from '@practice/shared';

/** The answers of the support ticket routes (their OpenAPI response schemas). */

const person = z.object({ id: z.int(), name: z.string() });

const ticketFields = {
  id: z.int(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  description: z.string(),
  author: person,
  assignee: person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  unread_count: z.int().describe('Replies by others the author has not opened yet (0 for everyone else)'),
};

export const ticketAnswer: z.ZodType<SupportTicket> = z.object(ticketFields);

export const ticketMessageAnswer: z.ZodType<TicketMessage> = z.object({
  id: z.int(),
  author: person,
  body: z.string(),
  created_at: z.string(),
});

export const ticketAttachmentAnswer: z.ZodType<TicketAttachment> = z.object({
  id: z.int(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.int(),
  created_at: z.string(),
});

export const ticketDetailAnswer: z.ZodType<SupportTicketDetail> = z.object({
  ...ticketFields,
  messages: z.array(ticketMessageAnswer),
  attachments: z.array(ticketAttachmentAnswer),
});

export const ticketListAnswer = z.object({ ...pageFields, items: z.array(ticketAnswer) });
export const assigneesAnswer = z.object({
  items: z.array(person).describe('Active people of the firm who see every ticket, by name'),
});
export const unreadCountAnswer = z.object({ count: z.int() });
