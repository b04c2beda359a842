import { NAVIGATION_HISTORY_MAX, RECENT_ITEMS_PER_ENTITY } from '@practice/shared';
import { readStorage, writeStorage } from './storage-keys';

export const NAVIGATION_HISTORY_KEY = 'navigationHistory';
export const RECENT_ITEMS_KEY = 'recentItems';

export type NavigationType = 'dashboard' | 'create' | 'edit' | 'detail' | 'list';

/** SPEC 3: a history entry (path, pathname, search, timestamp, title, type, id). */
export type HistoryEntry = {
  path: string;
  pathname: string;
  search: string;
  timestamp: number;
  title: string;
  type: NavigationType;
  id: string | null;
};

export type EntityType = 'client' | 'invoice' | 'time-entry' | 'user';
export type RecentItem = { entityType: EntityType; entityId: string; title: string; path: string; timestamp: number };

/**
 * SPEC 4: the navigation type from the path: dashboard, create (contains new; this app's
 * create pages end in /create), edit, detail (ends in a number), list.
 */
export function navigationType(pathname: string): NavigationType {
  if (pathname === '/' || pathname === '') return 'dashboard';
  if (/\bnew\b|\/create$/.test(pathname)) return 'create';
  if (/\/edit$/.test(pathname)) return 'edit';
  if (/\/\d+$/.test(pathname)) return 'detail';
  return 'list';
}

const ENTITY_PATHS: [RegExp, EntityType][] = [
  [/^\/clients\/(\d+)$/, 'client'],
  [/^\/invoices\/(\d+)$/, 'invoice'],
  [/^\/time_entries\/(\d+)\/edit$/, 'time-entry'],
  [/^\/users\/(\d+)$/, 'user'],
];

export function entityOf(pathname: string): { entityType: EntityType; entityId: string } | null {
  for (const [pattern, entityType] of ENTITY_PATHS) {
    const match = pattern.exec(pathname);
    if (match) return { entityType, entityId: match[1]! };
  }
  return null;
}

function readList<T>(key: string, fallback: T): T {
  try {
    const parsed: unknown = JSON.parse(readStorage(key) ?? 'null');
    return (parsed ?? fallback) as T;
  } catch {
    return fallback;
  }
}

export function readHistory(): HistoryEntry[] {
  const list = readList<unknown>(NAVIGATION_HISTORY_KEY, []);
  return Array.isArray(list) ? (list as HistoryEntry[]) : [];
}

export function readRecentItems(): Record<EntityType, RecentItem[]> {
  const stored = readList<Partial<Record<EntityType, RecentItem[]>>>(RECENT_ITEMS_KEY, {});
  const list = (type: EntityType) => (Array.isArray(stored[type]) ? stored[type] : []);
  return { client: list('client'), invoice: list('invoice'), 'time-entry': list('time-entry'), user: list('user') };
}

/** The latest recent items of every entity, newest first. */
export function latestRecentItems(limit: number): RecentItem[] {
  return Object.values(readRecentItems())
    .flat()
    .sort((a, b) => b.timestamp - a.timestamp)
    .slice(0, limit);
}

/** Records a visit: history (50, newest first, a repeat of the latest page replaced) and recent items (20 per entity). */
export function recordVisit(pathname: string, search: string, title: string, now = Date.now()): void {
  const path = `${pathname}${search}`;
  const type = navigationType(pathname);
  const entity = entityOf(pathname);
  const id = /\/(\d+)(?:\/edit)?$/.exec(pathname)?.[1] ?? null;
  const history = readHistory().filter((entry, index) => !(index === 0 && entry.path === path));
  writeStorage(
    NAVIGATION_HISTORY_KEY,
    JSON.stringify(
      [{ path, pathname, search, timestamp: now, title, type, id }, ...history].slice(0, NAVIGATION_HISTORY_MAX),
    ),
  );
  if (!entity) return;
  const recent = readRecentItems();
  const others = recent[entity.entityType].filter((item) => item.entityId !== entity.entityId);
  recent[entity.entityType] = [{ ...entity, title, path, timestamp: now }, ...others].slice(0, RECENT_ITEMS_PER_ENTITY);
  writeStorage(RECENT_ITEMS_KEY, JSON.stringify(recent));
}
