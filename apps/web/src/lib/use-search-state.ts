import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export type SearchChange = Record<string, string | null>;

/**
 * 'push' adds a history entry, so Back returns to the view before (turning a page); 'replace',
 * the default, keeps typing and filtering out of the history.
 */
export type SearchHistory = 'push' | 'replace';

/**
 * The URL query as state that inputs can be bound to (UI.md: filters live in the URL). A
 * router navigation lands a moment later, so a change shows at once and the URL follows;
 * once the URL has moved, it is the truth again (also after Back).
 */
export function useSearchState(): [URLSearchParams, (change: SearchChange, history?: SearchHistory) => void] {
  const [params, setParams] = useSearchParams();
  const [pending, setPending] = useState<{ from: string; next: URLSearchParams } | null>(null);
  const inUrl = params.toString();
  if (pending && pending.from !== inUrl) setPending(null);
  const current = pending && pending.from === inUrl ? pending.next : params;

  // A debounced search applies its change later: it must build on what is current then.
  const latest = useRef({ current, inUrl });
  useEffect(() => {
    latest.current = { current, inUrl };
  });

  const update = useCallback(
    (change: SearchChange, history: SearchHistory = 'replace') => {
      const next = new URLSearchParams(latest.current.current);
      for (const [key, value] of Object.entries(change)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      latest.current = { current: next, inUrl: latest.current.inUrl };
      setPending({ from: latest.current.inUrl, next });
      setParams(next, { replace: history === 'replace' });
    },
    [setParams],
  );
  return [current, update];
}
