import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { agingSchema, ledgerKeys, ledgerPageSchema, type LedgerKind } from './ledger-views';

export type LedgerFilters = { clientId: number | null; from: string; to: string; kind: LedgerKind | null };
export type AgingFilters = { asOf: string; clientId: number | null; partnerId: number | null };

export const LEDGER_PAGE_SIZE = 50;

/** The journal filters as the API's query (GET /ledger and its CSV export take the same). */
export function journalParams(filters: LedgerFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.clientId) params.set('client_id', String(filters.clientId));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.kind) params.set('kind', filters.kind);
  return params;
}

export function agingParams(filters: AgingFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.asOf) params.set('as_of', filters.asOf);
  if (filters.clientId) params.set('client_id', String(filters.clientId));
  if (filters.partnerId) params.set('partner_id', String(filters.partnerId));
  return params;
}

/** GET /ledger: one page of the journal, oldest first, with the totals of every filtered row. */
export function useLedger(filters: LedgerFilters, page: number) {
  return useQuery({
    queryKey: ledgerKeys.journal({ ...filters, page }),
    queryFn: async () => {
      const params = journalParams(filters);
      params.set('page', String(page));
      params.set('page_size', String(LEDGER_PAGE_SIZE));
      return parseAnswer(ledgerPageSchema, await api.get(`/ledger?${params.toString()}`));
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /ledger/aging: one page of the clients with a balance by days past due, and the firm's totals. */
export function useAging(filters: AgingFilters, page: number) {
  return useQuery({
    queryKey: ledgerKeys.aging({ ...filters, page }),
    queryFn: async () => {
      const params = agingParams(filters);
      params.set('page', String(page));
      params.set('page_size', String(LEDGER_PAGE_SIZE));
      return parseAnswer(agingSchema, await api.get(`/ledger/aging?${params.toString()}`));
    },
    placeholderData: keepPreviousData,
  });
}
