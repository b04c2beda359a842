import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PaymentApplicationInput, PaymentInput, PaymentUpdateInput, RefundInput } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { AFFECTED_BY_PAYMENTS, paymentKeys, paymentViewSchema } from './payment-views';

function refreshAfterPayment(queryClient: QueryClient) {
  return Promise.all(AFFECTED_BY_PAYMENTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * POST /payments with the form submission's Idempotency-Key: a double click or a retry of the
 * same submission sends the same key, so the server records one payment (docs/decisions/0132).
 */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, idempotencyKey }: { input: PaymentInput; idempotencyKey: string }) =>
      parseAnswer(paymentViewSchema, await api.post('/payments', input, { 'Idempotency-Key': idempotencyKey })),
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}

/** PUT /payments/{id} with the version read (stale: 409); applications, when sent, replace the current ones. */
export function useUpdatePayment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PaymentUpdateInput) =>
      parseAnswer(paymentViewSchema, await api.put(`/payments/${id}`, input)),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentKeys.detail(id), payment);
      return refreshAfterPayment(queryClient);
    },
  });
}

/** PUT /payments/{id}/applications: apply an unapplied credit later, move or unapply. */
export function useSetApplications(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ applications, version }: { applications: PaymentApplicationInput[]; version: number }) =>
      parseAnswer(paymentViewSchema, await api.put(`/payments/${id}/applications`, { applications, version })),
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}

/** POST /payments/{id}/void with its reason: the applications are reversed. */
export function useVoidPayment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) =>
      parseAnswer(paymentViewSchema, await api.post(`/payments/${id}/void`, { reason })),
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}

/** POST /clients/{id}/refunds: returns unapplied credit to the client. */
export function useRefundCredit(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RefundInput) => {
      await api.post(`/clients/${clientId}/refunds`, input);
    },
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}
