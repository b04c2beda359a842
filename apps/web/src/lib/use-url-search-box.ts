import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@practice/shared';

/**
 * A search box whose text lives in the URL: typing shows at once and reaches the URL after the
 * debounce; when the URL changes under the box (back button, Clear filters) the box follows it.
 */
export function useUrlSearchBox(searchInUrl: string, commit: (search: string) => void) {
  const [search, setSearch] = useState(searchInUrl);
  const [seenInUrl, setSeenInUrl] = useState(searchInUrl);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (searchInUrl !== seenInUrl) {
    setSeenInUrl(searchInUrl);
    if (searchInUrl !== search.trim()) setSearch(searchInUrl);
  }

  function type(value: string): void {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value.trim()), SEARCH_DEBOUNCE_MS);
  }

  return { search, type };
}
