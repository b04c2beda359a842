import { hasPermission, type FullRole, type PermissionFlag } from './permissions';

/** SPEC 7 GET /api/search and SPEC 3 search results, shared by the server and the palette. */
export const SEARCH_TYPES = ['all', 'clients', 'users', 'timeEntries', 'invoices', 'activities', 'guide'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The categories the server answers (the guide is searched in the browser, SPEC 5). */
export const SERVER_SEARCH_CATEGORIES = ['clients', 'users', 'timeEntries', 'invoices', 'activities'] as const;
export type ServerSearchCategory = (typeof SERVER_SEARCH_CATEGORIES)[number];

/** The permission of each category's own list; the activity feed is each person's own. */
const SEARCH_CATEGORY_PERMISSION: Record<ServerSearchCategory, PermissionFlag | null> = {
  clients: 'can_view_clients',
  users: 'can_view_users',
  timeEntries: 'can_view_time_entries',
  invoices: 'can_view_invoices',
  activities: null,
};

/**
 * Whether a person may search a category: the server answers only these, and the palette shows
 * only their tabs (a tab that can only ever answer nothing reads as a broken search).
 */
export function canSearch(fullRole: Partial<FullRole> | null | undefined, type: SearchType): boolean {
  if (type === 'all' || type === 'guide') return true;
  const permission = SEARCH_CATEGORY_PERMISSION[type];
  return permission === null || hasPermission(fullRole, permission);
}

/** SPEC 9: search limit / per category. */
export const SEARCH_LIMIT = 50;
export const SEARCH_PER_CATEGORY = 10;
export const SEARCH_QUERY_MAX = 100;
/** SPEC 9: recent searches kept and shown. */
export const RECENT_SEARCHES_STORED = 20;
export const RECENT_SEARCHES_SHOWN = 10;

export type SearchResultType = 'client' | 'user' | 'timeEntry' | 'invoice' | 'activity' | 'project' | 'guide';

export type SearchResult = {
  id: string;
  type: SearchResultType;
  title: string;
  subtitle: string;
  url: string;
  meta: { status?: string; lastActivity?: string; date?: string; section?: string };
};

export type SearchAnswer = { results: Record<ServerSearchCategory, SearchResult[]> };
