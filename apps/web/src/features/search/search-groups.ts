import type { SearchResult, SearchType, ServerSearchCategory } from '@practice/shared';

/** SPEC 2: the category tabs, in order, with the `type` each sends. */
export const SEARCH_TABS: readonly { type: SearchType; label: string }[] = [
  { type: 'all', label: 'All' },
  { type: 'clients', label: 'Clients' },
  { type: 'users', label: 'Users' },
  { type: 'timeEntries', label: 'Time' },
  { type: 'invoices', label: 'Invoices' },
  { type: 'activities', label: 'Activities' },
  { type: 'guide', label: 'Guide' },
];

type GroupKey = ServerSearchCategory | 'guide';

/** SPEC 2: the result groups, in order. */
export const SEARCH_GROUPS: readonly { key: GroupKey; label: string }[] = [
  { key: 'clients', label: 'Clients' },
  { key: 'users', label: 'Team Members' },
  { key: 'timeEntries', label: 'Time Entries' },
  { key: 'invoices', label: 'Invoices' },
  { key: 'activities', label: 'Activities' },
  { key: 'guide', label: 'User Guide' },
];

export type ResultGroup = { key: GroupKey; label: string; results: SearchResult[] };

/** The non-empty groups of an answer, in SPEC 2's order. */
export function groupResults(
  results: Record<ServerSearchCategory, SearchResult[]>,
  guide: SearchResult[],
): ResultGroup[] {
  const byKey: Record<GroupKey, SearchResult[]> = { ...results, guide };
  return SEARCH_GROUPS.map((group) => ({ ...group, results: byKey[group.key] })).filter(
    (group) => group.results.length > 0,
  );
}
