import { z } from 'zod';
import { SEARCH_LIMIT, SEARCH_PER_CATEGORY, SEARCH_QUERY_MAX, SEARCH_TYPES } from '@practice/shared';

/** SPEC 7: GET /api/search?q=&type=&limit=50&per_category=10. A blank query is no search (SPEC 5). */
export const searchQuery = z.object({
  q: z
    .string({ error: 'Search is required' })
    .trim()
    .min(1, 'Search is required')
    .max(SEARCH_QUERY_MAX, `Search must be at most ${SEARCH_QUERY_MAX} characters`),
  type: z.enum(SEARCH_TYPES, { error: `Type must be one of ${SEARCH_TYPES.join(', ')}` }).default('all'),
  limit: z.coerce
    .number('Limit must be a whole number')
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(SEARCH_LIMIT, `Limit must be at most ${SEARCH_LIMIT}`)
    .default(SEARCH_LIMIT),
  per_category: z.coerce
    .number('Per category must be a whole number')
    .int('Per category must be a whole number')
    .min(1, 'Per category must be at least 1')
    .max(SEARCH_PER_CATEGORY, `Per category must be at most ${SEARCH_PER_CATEGORY}`)
    .default(SEARCH_PER_CATEGORY),
});
export type SearchQuery = z.infer<typeof searchQuery>;
