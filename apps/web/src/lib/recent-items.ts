import { useMemo, useSyncExternalStore } from 'react';
import { latestRecentItems, RECENT_ITEMS_KEY, recordVisit, type RecentItem } from './navigation-history';

const listeners = new Set<() => void>();
/** Every recent item, newest first, read from storage once per change and shared by every reader. */
let snapshot: RecentItem[] | null = null;

function changed(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === RECENT_ITEMS_KEY || event.key === null) changed();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function allRecentItems(): RecentItem[] {
  snapshot ??= latestRecentItems(Infinity);
  return snapshot;
}

/** Records a page visit (history and recent items) and tells every list of recent items on screen. */
export function recordPageVisit(pathname: string, search: string, title: string): void {
  recordVisit(pathname, search, title);
  changed();
}

/**
 * The latest recent items (SPEC 2): the sidebar's panel and the dashboard read this one
 * store, kept in localStorage under `recentItems`; a visit in another tab shows here too.
 */
export function useRecentItems(limit: number): RecentItem[] {
  const all = useSyncExternalStore(subscribe, allRecentItems);
  return useMemo(() => all.slice(0, limit), [all, limit]);
}
