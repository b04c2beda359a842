import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityTypeInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { activityTypeKeys, activityTypeViewSchema } from './activity-type-views';

export type SaveActivityType = { id: number | null; version: number | null; input: ActivityTypeInput };

/** POST /activity-types or PUT /activity-types/{id} with the version read; a changed rate takes effect from its date. */
export function useSaveActivityType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, input }: SaveActivityType) => {
      const answer =
        id === null
          ? await api.post('/activity-types', input)
          : await api.put(`/activity-types/${id}`, { ...input, version });
      return parseAnswer(activityTypeViewSchema, answer);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityTypeKeys.all }),
  });
}
