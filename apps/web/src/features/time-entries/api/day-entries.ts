import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { timeEntryPageSchema, timeKeys } from './time-views';

/** A day holds far fewer entries than this; the list says so if it ever does not. */
export const DAY_ENTRIES_MAX = 100;

/** GET /time-entries for one day of the signed-in user, oldest first. */
export function useDayEntries(date: string | null) {
  return useQuery({
    queryKey: timeKeys.entries({ date }),
    queryFn: async () => {
      const params = new URLSearchParams({
        from: date ?? '',
        to: date ?? '',
        sort: 'created_at',
        order: 'asc',
        page_size: String(DAY_ENTRIES_MAX),
      });
      return parseAnswer(timeEntryPageSchema, await api.get(`/time-entries?${params.toString()}`));
    },
    enabled: date !== null,
  });
}
