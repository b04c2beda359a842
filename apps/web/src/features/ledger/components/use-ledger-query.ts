import { useCallback, useMemo } from 'react';
import { useSearchState } from '../../../lib/use-search-state';
import { LEDGER_KINDS, type LedgerKind } from '../api/ledger-views';

export type LedgerView = 'journal' | 'aging';

/** Everything the /ledger page shows, as its URL query holds it (UI.md: filters live in the URL). */
export type LedgerPageQuery = {
  view: LedgerView;
  clientId: number | null;
  from: string;
  to: string;
  kind: LedgerKind | null;
  page: number;
  /** The aging's date; empty is the firm's today. */
  asOf: string;
  partnerId: number | null;
};

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

function isoDateOrEmpty(value: string | null): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
}

const KEYS: Record<Exclude<keyof LedgerPageQuery, 'page'>, string> = {
  view: 'view',
  clientId: 'client_id',
  from: 'from',
  to: 'to',
  kind: 'kind',
  asOf: 'as_of',
  partnerId: 'partner_id',
};

export function useLedgerQuery(): [LedgerPageQuery, (change: Partial<LedgerPageQuery>) => void] {
  const [params, setParams] = useSearchState();
  const query = useMemo<LedgerPageQuery>(
    () => ({
      view: params.get('view') === 'aging' ? 'aging' : 'journal',
      clientId: positiveInt(params.get('client_id')),
      from: isoDateOrEmpty(params.get('from')),
      to: isoDateOrEmpty(params.get('to')),
      kind: LEDGER_KINDS.find((kind) => kind === params.get('kind')) ?? null,
      page: positiveInt(params.get('page')) ?? 1,
      asOf: isoDateOrEmpty(params.get('as_of')),
      partnerId: positiveInt(params.get('partner_id')),
    }),
    [params],
  );
  const update = useCallback(
    (change: Partial<LedgerPageQuery>) => {
      // Any change but turning the page starts again at page 1.
      const next: Record<string, string | null> = { page: change.page && change.page > 1 ? String(change.page) : null };
      for (const [name, key] of Object.entries(KEYS) as [keyof typeof KEYS, string][]) {
        if (!(name in change)) continue;
        const value = change[name];
        next[key] = value === null || value === undefined || value === '' || value === 'journal' ? null : String(value);
      }
      setParams(next, 'page' in change ? 'push' : 'replace');
    },
    [setParams],
  );
  return [query, update];
}
