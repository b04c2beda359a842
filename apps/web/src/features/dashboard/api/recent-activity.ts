import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';

/** SPEC 2: the dashboard shows the first 5 recent items. */
export const RECENT_ITEMS_SHOWN = 5;

const activitySchema = z.object({
  id: z.number(),
  action: z.string(),
  activity_type: z.string(),
  description: z.string(),
  created_at: z.string(),
  user: z.nullable(z.object({ id: z.number(), name: z.string() })),
});
export type RecentActivity = z.infer<typeof activitySchema>;

const pageSchema = z.object({ items: z.array(activitySchema) });

/** GET /activities: the latest things people of the firm did that this user may see. */
export function useRecentActivity() {
  return useQuery({
    queryKey: ['dashboard', 'activities'],
    queryFn: async () => parseAnswer(pageSchema, await api.get(`/activities?page_size=${RECENT_ITEMS_SHOWN}`)).items,
    staleTime: 0,
  });
}
