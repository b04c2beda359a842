import { useCallback, useMemo } from 'react';
import { INVOICE_STATUSES, type InvoiceStatus } from '@practice/shared';
import { useSearchState } from '../../../lib/use-search-state';
import type { InvoiceListQuery } from '../api/list-invoices';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

function isoDateOrEmpty(value: string | null): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
}

/** The invoice list's search, filters and page, kept in the URL query (UI.md, ADR 0074). */
export function useInvoiceListQuery(): [InvoiceListQuery, (change: Partial<InvoiceListQuery>) => void] {
  const [params, setParams] = useSearchState();
  const query = useMemo<InvoiceListQuery>(
    () => ({
      q: params.get('q') ?? '',
      status: INVOICE_STATUSES.find((status) => status === params.get('status')) ?? null,
      clientId: positiveInt(params.get('client_id')),
      from: isoDateOrEmpty(params.get('from')),
      to: isoDateOrEmpty(params.get('to')),
      page: positiveInt(params.get('page')) ?? 1,
    }),
    [params],
  );
  const update = useCallback(
    (change: Partial<InvoiceListQuery>) => {
      const next: Record<string, string | null> = {
        page: change.page && change.page > 1 ? String(change.page) : null,
      };
      if ('q' in change) next.q = change.q || null;
      if ('status' in change) next.status = (change.status as InvoiceStatus | null) ?? null;
      if ('clientId' in change) next.client_id = change.clientId ? String(change.clientId) : null;
      if ('from' in change) next.from = change.from || null;
      if ('to' in change) next.to = change.to || null;
      setParams(next);
    },
    [setParams],
  );
  return [query, update];
}
