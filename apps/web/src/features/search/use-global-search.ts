import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_LIMIT,
  SEARCH_PER_CATEGORY,
  type SearchAnswer,
  type SearchType,
} from '@practice/shared';
import { api } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';

const EMPTY: SearchAnswer['results'] = { clients: [], users: [], timeEntries: [], invoices: [], activities: [] };

/**
 * SPEC 7 GET /api/search, 300 ms after the last key (SPEC 9). A blank query searches nothing
 * (SPEC 5); the guide alone needs no call; a failed search shows as no results (SPEC 8).
 */
export function useGlobalSearch(query: string, type: SearchType) {
  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = settled !== '' && type !== 'guide';
  const result = useQuery({
    queryKey: ['global-search', settled, type],
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: async () => {
      const params = new URLSearchParams({
        q: settled,
        type,
        limit: String(SEARCH_LIMIT),
        per_category: String(SEARCH_PER_CATEGORY),
      });
      try {
        return (await api.get<SearchAnswer>(`/api/search?${params}`)).results;
      } catch (error) {
        console.warn('Search failed', error);
        return EMPTY;
      }
    },
  });
  return {
    settledQuery: settled,
    results: enabled ? (result.data ?? EMPTY) : EMPTY,
    searching: query.trim() !== settled || (enabled && result.isFetching),
  };
}
