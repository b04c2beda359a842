import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { TimerStartInput, TimerStopInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { timerSchema, timeKeys, type Timer } from './time-views';

const timerAnswerSchema = z.object({ timer: z.nullable(timerSchema) });

export type RunningTimer = Timer & { fetchedAt: number };

/** GET /timer: the user's running timer, kept by the server so it survives a reload. */
export function useTimer() {
  return useQuery({
    queryKey: timeKeys.timer(),
    queryFn: async (): Promise<RunningTimer | null> => {
      const { timer } = parseAnswer(timerAnswerSchema, await api.get('/timer'));
      return timer && { ...timer, fetchedAt: Date.now() };
    },
    staleTime: 0,
  });
}

/**
 * POST /timer/start, shown running at once (UI.md: optimistic timer start) and taken back
 * when the server refuses.
 */
export function useStartTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: { input: TimerStartInput; optimistic: RunningTimer }) =>
      parseAnswer(z.object({ timer: timerSchema }), await api.post('/timer/start', variables.input)),
    onMutate: async ({ optimistic }) => {
      await queryClient.cancelQueries({ queryKey: timeKeys.timer() });
      queryClient.setQueryData(timeKeys.timer(), optimistic);
    },
    onError: () => queryClient.setQueryData(timeKeys.timer(), null),
    onSuccess: ({ timer }) => queryClient.setQueryData(timeKeys.timer(), { ...timer, fetchedAt: Date.now() }),
  });
}

/** POST /timer/stop: records the elapsed whole minutes as an entry. */
export function useStopTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TimerStopInput) => api.post('/timer/stop', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/** DELETE /timer: throws the running timer away without recording time. */
export function useDiscardTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/timer'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.timer() }),
  });
}
