import { useCallback, useMemo } from 'react';
import { useSearchState } from '../../../lib/use-search-state';
import { BILLING_PERIODS, BILLING_SORTS, type BillingQuery } from '../api/billing-totals';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

function isoDateOrEmpty(value: string | null): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

/**
 * /billing's period, partner, search, sort and page in the URL query (UI.md), so a link or a
 * reload shows the same figures. Dates without a period name are a custom period.
 */
export function useBillingQuery(): [BillingQuery, (change: Partial<BillingQuery>) => void] {
  const [params, setParams] = useSearchState();
  const query = useMemo<BillingQuery>(() => {
    const from = isoDateOrEmpty(params.get('from'));
    const to = isoDateOrEmpty(params.get('to'));
    const named = oneOf(BILLING_PERIODS, params.get('period'));
    return {
      period: named ?? (from || to ? 'custom' : 'this_month'),
      from,
      to,
      partnerId: positiveInt(params.get('partner_id')),
      q: params.get('q') ?? '',
      sort: oneOf(BILLING_SORTS, params.get('sort')) ?? 'client',
      order: params.get('order') === 'desc' ? 'desc' : 'asc',
      page: positiveInt(params.get('page')) ?? 1,
    };
  }, [params]);

  const update = useCallback(
    (change: Partial<BillingQuery>) => {
      const next: Record<string, string | null> = {
        page: change.page && change.page > 1 ? String(change.page) : null,
      };
      if ('period' in change) next.period = change.period === 'this_month' ? null : (change.period ?? null);
      if ('from' in change) next.from = change.from || null;
      if ('to' in change) next.to = change.to || null;
      if ('partnerId' in change) next.partner_id = change.partnerId ? String(change.partnerId) : null;
      if ('q' in change) next.q = change.q || null;
      if ('sort' in change) next.sort = change.sort === 'client' ? null : (change.sort ?? null);
      if ('order' in change) next.order = change.order === 'desc' ? 'desc' : null;
      const pageTurn = Object.keys(change).length === 1 && 'page' in change;
      setParams(next, pageTurn ? 'push' : 'replace');
    },
    [setParams],
  );
  return [query, update];
}
