import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { CLIENT_STATUSES, type ClientStatus } from '@practice/shared';
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
  const [params, setParams] = useSearchParams();
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
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
          if ('q' in change) set('q', change.q ?? null);
          if ('status' in change) set('status', change.status ?? null);
          if ('partnerId' in change) set('partner_id', change.partnerId ? String(change.partnerId) : null);
          if ('bookmarked' in change) set('bookmarked', change.bookmarked ? 'true' : null);
          if ('sort' in change) set('sort', change.sort ?? null);
          if ('order' in change) set('order', change.order ?? null);
          // Any change but turning the page starts again from the first page.
          set('page', change.page && change.page > 1 ? String(change.page) : null);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return [query, update];
}
