import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { timeKeys, weekSchema } from './time-views';

/** GET /time-entries/week: the signed-in user's week grid; without a start, this week in the firm's time zone. */
export function weekQuery(start: string | null) {
  return {
    queryKey: timeKeys.week(start),
    queryFn: async () =>
      parseAnswer(weekSchema, await api.get(start ? `/time-entries/week?start=${start}` : '/time-entries/week')),
  };
}

export function useWeek(start: string | null) {
  return useQuery({ ...weekQuery(start), placeholderData: keepPreviousData });
}
