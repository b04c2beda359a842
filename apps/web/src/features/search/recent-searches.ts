import { RECENT_SEARCHES_SHOWN, RECENT_SEARCHES_STORED, type SearchType } from '@practice/shared';
import { readStorage, writeStorage } from '../../lib/storage-keys';

export const RECENT_SEARCHES_KEY = 'recentSearches';

/** SPEC 3: a recent search as stored (id, query, type, result, timestamp). */
export type RecentSearch = {
  id: string;
  query: string;
  type: SearchType;
  result: { title: string; url: string } | null;
  timestamp: number;
};

function isRecentSearch(value: unknown): value is RecentSearch {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.id === 'string' && typeof item.query === 'string' && typeof item.timestamp === 'number';
}

export function readRecentSearches(): RecentSearch[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(RECENT_SEARCHES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecentSearch) : [];
  } catch {
    return [];
  }
}

/** The latest searches first, at most 10 shown (SPEC 9). */
export function shownRecentSearches(): RecentSearch[] {
  return readRecentSearches().slice(0, RECENT_SEARCHES_SHOWN);
}

/** Keeps a search that led somewhere: the same query and type once, newest first, 20 at most. */
export function rememberSearch(entry: Omit<RecentSearch, 'id' | 'timestamp'>, now = Date.now()): RecentSearch[] {
  const query = entry.query.trim();
  if (!query) return readRecentSearches();
  const others = readRecentSearches().filter(
    (item) => !(item.query.toLowerCase() === query.toLowerCase() && item.type === entry.type),
  );
  const next = [{ ...entry, query, id: `${now}-${query}`, timestamp: now }, ...others].slice(0, RECENT_SEARCHES_STORED);
  writeStorage(RECENT_SEARCHES_KEY, JSON.stringify(next));
  return next;
}

export function clearRecentSearches(): void {
  writeStorage(RECENT_SEARCHES_KEY, '[]');
}
