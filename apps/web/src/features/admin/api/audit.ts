import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';

const auditRowSchema = z.object({
  id: z.number(),
  at: z.string(),
  user: z.nullable(z.object({ id: z.number(), name: z.string() })),
  action: z.string(),
  entity: z.string(),
  entity_id: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  record: z.nullable(z.string()),
  names: z.record(z.string(), z.string()),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

const auditPageSchema = z.object({
  items: z.array(auditRowSchema),
  total: z.number(),
  total_capped: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});

export type AuditQuery = { entity: string; userId: number | null; from: string; to: string; page: number };
export const AUDIT_PAGE_SIZE = 25;

/** GET /audit-log: who changed what, newest first. */
export function useAuditTrail(query: AuditQuery) {
  const params = new URLSearchParams({ page: String(query.page), page_size: String(AUDIT_PAGE_SIZE) });
  if (query.entity) params.set('entity', query.entity);
  if (query.userId) params.set('user_id', String(query.userId));
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return useQuery({
    queryKey: ['audit-trail', query],
    queryFn: async () => parseAnswer(auditPageSchema, await api.get(`/audit-log?${params.toString()}`)),
    placeholderData: keepPreviousData,
  });
}

const peopleSchema = z.object({
  items: z.array(z.object({ id: z.number(), username: z.string(), first_name: z.string(), last_name: z.string() })),
});

/** The person filter's choices: the firm's people by name (the first 100; a firm's staff fits). */
export function useAuditPeople() {
  return useQuery({
    queryKey: ['audit-people'],
    queryFn: async () => parseAnswer(peopleSchema, await api.get('/users?page_size=100&sort=name&active=true')).items,
  });
}
