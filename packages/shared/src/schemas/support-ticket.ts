import { z } from 'zod/mini';
import { idOf, requiredText } from './fields';

export const TICKET_CATEGORIES = ['question', 'problem', 'billing', 'feature_request'] as const;
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const TICKET_STATUSES = ['open', 'in_progress', 'waiting', 'resolved', 'closed'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  question: 'Question',
  problem: 'Problem',
  billing: 'Billing',
  feature_request: 'Feature request',
};
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  waiting: 'Waiting',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_TEXT_MAX = 10_000;

const category = z.enum(TICKET_CATEGORIES, 'Category must be question, problem, billing or feature request');
const priority = z.enum(TICKET_PRIORITIES, 'Priority must be low, normal, high or urgent');
const status = z.enum(TICKET_STATUSES, 'Status must be open, in progress, waiting, resolved or closed');

/** POST /support-tickets. */
export const supportTicketSchema = z.object({
  subject: requiredText('Subject', TICKET_SUBJECT_MAX),
  category,
  priority: z._default(priority, 'normal'),
  description: requiredText('Description', TICKET_TEXT_MAX),
});
export type SupportTicketInput = z.infer<typeof supportTicketSchema>;

/** POST /support-tickets/{id}/messages. */
export const ticketMessageSchema = z.object({ body: requiredText('Message', TICKET_TEXT_MAX) });
export type TicketMessageInput = z.infer<typeof ticketMessageSchema>;

/** PATCH /support-tickets/{id} (can_view_admin_page); assignee_id null unassigns. */
export const ticketUpdateSchema = z.object({
  status: z.optional(status),
  priority: z.optional(priority),
  assignee_id: z.optional(z.nullable(idOf('Assignee'))),
});
export type TicketUpdateInput = z.infer<typeof ticketUpdateSchema>;

export type TicketPerson = { id: number; name: string };
export type TicketMessage = { id: number; author: TicketPerson; body: string; created_at: string };
export type TicketAttachment = {
  id: number;
  file_name: string;
  content_type: string;
  size: number;
  created_at: string;
};
export type SupportTicket = {
  id: number;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  description: string;
  author: TicketPerson;
  assignee: TicketPerson | null;
  created_at: string;
  updated_at: string;
  /** Replies by others the author has not opened yet (0 for everyone but the author). */
  unread_count: number;
};
export type SupportTicketDetail = SupportTicket & { messages: TicketMessage[]; attachments: TicketAttachment[] };
