import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceTextInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';
import { invoiceKeys, invoiceTextViewSchema } from './invoice-views';

const textPageSchema = pageSchema(invoiceTextViewSchema);

/** GET /invoice-texts: the firm's reusable narratives (a firm keeps a handful; the first 100 by name). */
export function useInvoiceTexts() {
  return useQuery({
    queryKey: invoiceKeys.texts(),
    queryFn: async () => parseAnswer(textPageSchema, await api.get('/invoice-texts?page_size=100')).items,
  });
}

/** GET /invoice-texts/{id}. */
export function useInvoiceText(id: number) {
  return useQuery({
    queryKey: invoiceKeys.text(id),
    queryFn: async () => parseAnswer(invoiceTextViewSchema, await api.get(`/invoice-texts/${id}`)),
    enabled: id > 0,
  });
}

export type SaveInvoiceText = { id: number | null; version: number | null; input: InvoiceTextInput };

/** POST /invoice-texts or PUT /invoice-texts/{id} with the version read (stale: 409). */
export function useSaveInvoiceText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, input }: SaveInvoiceText) => {
      const answer =
        id === null
          ? await api.post('/invoice-texts', input)
          : await api.put(`/invoice-texts/${id}`, { ...input, version });
      return parseAnswer(invoiceTextViewSchema, answer);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.texts() }),
  });
}

/** DELETE /invoice-texts/{id}: drafts keep the narrative they were filled with. */
export function useDeleteInvoiceText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/invoice-texts/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.texts() }),
  });
}
