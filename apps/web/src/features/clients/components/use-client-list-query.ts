import { useCallback, useMemo } from 'react';
import { CLIENT_STATUSES, type ClientStatus } from '@practice/shared';
import { useSearchState } from '../../../lib/use-search-state';
import { CLIENT_SORTS, type ClientListQuery, type ClientSort } from '../api/list-clients';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

/** The client list's search, filters, sort and page, kept in the URL query (UI.md) so a link or reload shows the same view. */
export function useClientListQuery(): [ClientListQuery, (change: Partial<ClientListQuery>) => void] {
  const [params, setParams] = useSearchState();
  const query = useMemo<ClientListQuery>(
    () => ({
      q: params.get('q') ?? '',
      status: oneOf<ClientStatus>(CLIENT_STATUSES, params.get('status')),
      partnerId: positiveInt(params.get('partner_id')),
      bookmarked: params.get('bookmarked') === 'true',
      sort: oneOf<ClientSort>(CLIENT_SORTS, params.get('sort')) ?? 'legal_name',
      order: params.get('order') === 'desc' ? 'desc' : 'asc',
      page: positiveInt(params.get('page')) ?? 1,
    }),
    [params],
  );

  const update = useCallback(
    (change: Partial<ClientListQuery>) => {
      const next: Record<string, string | null> = {
        // Any change but turning the page starts again from the first page.
        page: change.page && change.page > 1 ? String(change.page) : null,
      };
      if ('q' in change) next.q = change.q || null;
      if ('status' in change) next.status = change.status ?? null;
      if ('partnerId' in change) next.partner_id = change.partnerId ? String(change.partnerId) : null;
      if ('bookmarked' in change) next.bookmarked = change.bookmarked ? 'true' : null;
      if ('sort' in change) next.sort = change.sort ?? null;
      if ('order' in change) next.order = change.order ?? null;
      // A page of its own is a step Back returns from; filters and sorting replace the entry.
      const pageTurn = Object.keys(change).length === 1 && 'page' in change;
      setParams(next, pageTurn ? 'push' : 'replace');
    },
    [setParams],
  );

  return [query, update];
}
