import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClientStatus } from '@practice/shared';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';
import { clientKeys, clientListItemSchema } from './client-views';

export const CLIENT_SORTS = ['client_id', 'legal_name', 'status'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

export type ClientListQuery = {
  q: string;
  status: ClientStatus | null;
  partnerId: number | null;
  bookmarked: boolean;
  sort: ClientSort;
  order: 'asc' | 'desc';
  page: number;
};

export const CLIENTS_PAGE_SIZE = 25;

const clientPageSchema = pageSchema(clientListItemSchema);

export function clientListPath(query: ClientListQuery): string {
  const params = new URLSearchParams({
    page: String(query.page),
    page_size: String(CLIENTS_PAGE_SIZE),
    sort: query.sort,
    order: query.order,
  });
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.partnerId) params.set('partner_id', String(query.partnerId));
  if (query.bookmarked) params.set('bookmarked', 'true');
  return `/clients?${params.toString()}`;
}

/** GET /clients: one page of the firm's clients, searched, filtered and sorted by the server. */
export function useClients(query: ClientListQuery) {
  return useQuery({
    queryKey: [...clientKeys.lists(), query],
    queryFn: async () => parseAnswer(clientPageSchema, await api.get(clientListPath(query))),
    placeholderData: keepPreviousData,
  });
}
