import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';
import {
  openInvoiceSchema,
  paymentKeys,
  paymentListSchema,
  paymentViewSchema,
  refundListSchema,
  type OpenInvoice,
} from './payment-views';

/** The most payments the client's page lists at once (the API's page size limit). */
export const CLIENT_PAYMENTS_SHOWN = 100;

/** GET /payments?client_id=: the client's payments, newest first. */
export function useClientPayments(clientId: number) {
  return useQuery({
    queryKey: paymentKeys.client(clientId),
    queryFn: async () =>
      parseAnswer(
        paymentListSchema,
        await api.get(`/payments?client_id=${clientId}&page_size=${CLIENT_PAYMENTS_SHOWN}`),
      ),
    enabled: clientId > 0,
    staleTime: 0,
  });
}

/** GET /clients/{id}/refunds: the refunds and the client's unapplied credit now. */
export function useClientRefunds(clientId: number) {
  return useQuery({
    queryKey: paymentKeys.refunds(clientId),
    queryFn: async () => parseAnswer(refundListSchema, await api.get(`/clients/${clientId}/refunds`)),
    enabled: clientId > 0,
    staleTime: 0,
  });
}

/** GET /payments/{id}. */
export function usePayment(id: number) {
  return useQuery({
    queryKey: paymentKeys.detail(id),
    queryFn: async () => parseAnswer(paymentViewSchema, await api.get(`/payments/${id}`)),
    enabled: id > 0,
    staleTime: 0,
  });
}

const openPage = pageSchema(openInvoiceSchema);

/** Oldest due first (due date, then number), the order the server applies a payment in. */
type Dated = Pick<OpenInvoice, 'due_date' | 'number'>;

export function oldestDueFirst(a: Dated, b: Dated): number {
  const due = (a.due_date ?? '9999-12-31').localeCompare(b.due_date ?? '9999-12-31');
  return due !== 0 ? due : (a.number ?? '').localeCompare(b.number ?? '', undefined, { numeric: true });
}

/**
 * The client's open invoices (pending and partial), oldest due first: what a payment can be
 * applied to. Two pages of at most 100 each; a client with more open invoices than that sees
 * the oldest 100 of each status (docs/decisions/0132).
 */
export function useOpenInvoices(clientId: number, enabled = true) {
  return useQuery({
    queryKey: paymentKeys.openInvoices(clientId),
    queryFn: async () => {
      const [pending, partial] = await Promise.all(
        (['pending', 'partial'] as const).map(async (status) =>
          parseAnswer(openPage, await api.get(`/invoices?client_id=${clientId}&status=${status}&page_size=100`)),
        ),
      );
      return [...pending!.items, ...partial!.items].sort(oldestDueFirst);
    },
    enabled: enabled && clientId > 0,
    staleTime: 0,
  });
}

const clientNameSchema = z.object({ id: z.number(), legal_name: z.string() });

/** GET /clients/{id}, for the client's name in the page's title and breadcrumb. */
export function usePaymentsClient(clientId: number) {
  return useQuery({
    queryKey: [...paymentKeys.all, 'client-name', clientId],
    queryFn: async () => parseAnswer(clientNameSchema, await api.get(`/clients/${clientId}`)),
    enabled: clientId > 0,
  });
}
