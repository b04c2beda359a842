import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';
import { activityTypeKeys, activityTypeViewSchema } from './activity-type-views';

export type ActivityTypeListQuery = { q: string; includeInactive: boolean };

const activityTypePageSchema = pageSchema(activityTypeViewSchema);

/** GET /activity-types: the firm's service codes, up to the 100 a page holds (a practice has a few dozen). */
export function useActivityTypes(query: ActivityTypeListQuery) {
  return useQuery({
    queryKey: activityTypeKeys.list(query),
    queryFn: async () => {
      const params = new URLSearchParams({ page_size: '100' });
      if (query.q) params.set('q', query.q);
      if (!query.includeInactive) params.set('active', 'true');
      return parseAnswer(activityTypePageSchema, await api.get(`/activity-types?${params.toString()}`));
    },
    placeholderData: keepPreviousData,
  });
}
