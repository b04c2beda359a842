import { useCallback, useMemo } from 'react';
import { useSearchState } from '../../../lib/use-search-state';
import { USER_SORTS, type UserListQuery } from '../api/users';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/** The people list's search, filters, sort and page, kept in the URL (UI.md). */
export function useUserListQuery(): [UserListQuery, (change: Partial<UserListQuery>) => void] {
  const [params, setParams] = useSearchState();
  const query = useMemo<UserListQuery>(() => {
    const active = params.get('active');
    return {
      q: params.get('q') ?? '',
      roleId: positiveInt(params.get('role_id')),
      // Active people by default: the departed are one choice away.
      active: active === 'all' ? null : active === 'false' ? 'false' : 'true',
      sort: USER_SORTS.find((sort) => sort === params.get('sort')) ?? 'name',
      order: params.get('order') === 'desc' ? 'desc' : 'asc',
      page: positiveInt(params.get('page')) ?? 1,
    };
  }, [params]);

  const update = useCallback(
    (change: Partial<UserListQuery>) => {
      const next: Record<string, string | null> = { page: change.page && change.page > 1 ? String(change.page) : null };
      if ('q' in change) next.q = change.q || null;
      if ('roleId' in change) next.role_id = change.roleId ? String(change.roleId) : null;
      if ('active' in change) next.active = change.active === null ? 'all' : change.active === 'false' ? 'false' : null;
      if ('sort' in change) next.sort = change.sort ?? null;
      if ('order' in change) next.order = change.order ?? null;
      const pageTurn = Object.keys(change).length === 1 && 'page' in change;
      setParams(next, pageTurn ? 'push' : 'replace');
    },
    [setParams],
  );
  return [query, update];
}
