import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';

/** GET /dashboard/stats, computed by the server in the firm's time zone (SPEC 3 dashboard stats). */
const statsSchema = z.object({
  todayHours: z.number(),
  weekHours: z.number(),
  todayMinutes: z.number(),
  weekMinutes: z.number(),
  completedTasks: z.number(),
  activeClients: z.number(),
  /** Null for someone who may not see invoices. */
  pendingInvoices: z.nullable(z.number()),
  /** Integer cents; null like pendingInvoices. */
  monthRevenue: z.nullable(z.number()),
});
export type DashboardStats = z.infer<typeof statsSchema>;

/** Fetched on every visit: the strip shows what the user just recorded elsewhere. */
export function useDashboardStats() {
  return useQuery({
    queryKey: ['dashboard', 'stats'],
    queryFn: async () => parseAnswer(statsSchema, await api.get('/dashboard/stats')),
    staleTime: 0,
  });
}
