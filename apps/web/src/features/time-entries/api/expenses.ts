import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { ExpenseInput, ExpenseUpdateInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';
import { expenseSchema, timeKeys } from './time-views';

export const EXPENSES_PAGE_SIZE = 10;

const expensePageSchema = pageSchema(expenseSchema);

/** GET /expenses: the signed-in user's expenses, newest first. */
export function useExpenses(page: number) {
  return useQuery({
    queryKey: timeKeys.expenses({ page }),
    queryFn: async () =>
      parseAnswer(expensePageSchema, await api.get(`/expenses?page=${page}&page_size=${EXPENSES_PAGE_SIZE}`)),
    placeholderData: keepPreviousData,
  });
}

/** POST /expenses; the receipt follows in its own call. */
export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ExpenseInput) => parseAnswer(expenseSchema, await api.post('/expenses', input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/** PUT /expenses/{id} with the version read: a stale one answers 409 and the message says to reload. */
export function useUpdateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: ExpenseUpdateInput }) =>
      parseAnswer(expenseSchema, await api.put(`/expenses/${id}`, input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/** DELETE /expenses/{id}: the server removes the receipt file with it. */
export function useDeleteExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/expenses/${id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/** DELETE /expenses/{id}/receipt. */
export function useRemoveReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => parseAnswer(expenseSchema, await api.delete(`/expenses/${id}/receipt`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/**
 * POST /expenses/{id}/receipt as multipart. The server judges the file by its content and
 * answers 413 above 5 MB and 415 for anything but a PDF or an image; its message is shown.
 */
export function useUploadReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ expenseId, file }: { expenseId: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return parseAnswer(expenseSchema, await api.post(`/expenses/${expenseId}/receipt`, form));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/** POST /expenses/complete: several drafts completed at once, all or none (docs/decisions/0197). */
export function useCompleteExpenses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      parseAnswer(z.object({ items: z.array(expenseSchema) }), await api.post('/expenses/complete', { ids })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}
