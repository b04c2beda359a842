import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type SupportTicketInput,
  type TicketStatus,
  type TicketUpdateInput,
} from '@practice/shared';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';

const person = z.object({ id: z.number(), name: z.string() });

export const ticketSchema = z.object({
  id: z.number(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  description: z.string(),
  author: person,
  assignee: z.nullable(person),
  created_at: z.string(),
  updated_at: z.string(),
  unread_count: z.number(),
});
export type TicketView = z.infer<typeof ticketSchema>;

const messageSchema = z.object({ id: z.number(), author: person, body: z.string(), created_at: z.string() });
const attachmentSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number(),
  created_at: z.string(),
});
export const ticketDetailSchema = z.extend(ticketSchema, {
  messages: z.array(messageSchema),
  attachments: z.array(attachmentSchema),
});
export type TicketDetailView = z.infer<typeof ticketDetailSchema>;

export const ticketKeys = {
  all: ['support-tickets'] as const,
  list: (query: TicketListQuery) => ['support-tickets', 'list', query] as const,
  detail: (id: number) => ['support-tickets', 'detail', id] as const,
  unread: () => ['support-tickets', 'unread'] as const,
  assignees: () => ['support-tickets', 'assignees'] as const,
};

export type TicketListQuery = { status: TicketStatus | ''; mine: boolean; page: number };

const ticketPageSchema = pageSchema(ticketSchema);
export const TICKET_PAGE_SIZE = 25;

/** GET /support-tickets: his own, or the firm's for administrators. */
export function useTickets(query: TicketListQuery) {
  return useQuery({
    queryKey: ticketKeys.list(query),
    queryFn: async () => {
      const params = new URLSearchParams({ page: String(query.page), page_size: String(TICKET_PAGE_SIZE) });
      if (query.status) params.set('status', query.status);
      if (query.mine) params.set('mine', 'true');
      return parseAnswer(ticketPageSchema, await api.get(`/support-tickets?${params.toString()}`));
    },
  });
}

/** GET /support-tickets/{id}; opening his own ticket marks its replies read, so the count refreshes. */
export function useTicket(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ticketKeys.detail(id),
    queryFn: async () => {
      const ticket = parseAnswer(ticketDetailSchema, await api.get(`/support-tickets/${id}`));
      void queryClient.invalidateQueries({ queryKey: ticketKeys.unread() });
      return ticket;
    },
    enabled: id > 0,
  });
}

/** GET /support-tickets/assignees (can_view_admin_page): who a ticket may be assigned to. */
export function useTicketAssignees() {
  return useQuery({
    queryKey: ticketKeys.assignees(),
    queryFn: async () =>
      parseAnswer(z.object({ items: z.array(person) }), await api.get('/support-tickets/assignees')).items,
    staleTime: 60_000,
  });
}

/** The sidebar's Support count: replies to his tickets he has not opened yet. */
export function useUnreadTicketReplies() {
  return useQuery({
    queryKey: ticketKeys.unread(),
    queryFn: async () =>
      parseAnswer(z.object({ count: z.number() }), await api.get('/support-tickets/unread-count')).count,
    refetchInterval: 60_000,
  });
}

/** POST /support-tickets, then each chosen file to POST /support-tickets/{id}/attachments. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SupportTicketInput) =>
      parseAnswer(ticketSchema, await api.post('/support-tickets', input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useUploadTicketFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticketId, file }: { ticketId: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return parseAnswer(attachmentSchema, await api.post(`/support-tickets/${ticketId}/attachments`, form));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useAddTicketMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      parseAnswer(messageSchema, await api.post(`/support-tickets/${ticketId}/messages`, { body })),
    // Not awaited: the reply is saved once the POST answers, so the form clears then instead of
    // holding the sent text until every ticket query has been read again (seen for over 10 s).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}

/** PATCH /support-tickets/{id} (can_view_admin_page). */
export function useUpdateTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TicketUpdateInput) =>
      parseAnswer(ticketSchema, await api.patch(`/support-tickets/${ticketId}`, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
