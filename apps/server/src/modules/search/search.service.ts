import { sql } from 'drizzle-orm';
import {
  canSearch,
  hasPermission,
  SERVER_SEARCH_CATEGORIES,
  type SearchAnswer,
  type ServerSearchCategory,
} from '@practice/shared';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { feedScope } from '../dashboard/activity-feed';
import { likePattern } from '../records/pagination';
import { activityMatches, activityResult } from './search-activities';
import { clientResult, type ClientRow } from './search-clients';
import { invoiceResult, type InvoiceRow } from './search-invoices';
import { knownLatest, type FeedAnswer, type SearchFeedCache } from './search-feed-cache';
import type { SearchQuery } from './search-query';
import { timeEntryResult, type EntryRow } from './search-time-entries';
import { userResult, type UserRow } from './search-users';

const CATEGORY_OF_TYPE: Record<SearchQuery['type'], ServerSearchCategory[]> = {
  all: [...SERVER_SEARCH_CATEGORIES],
  clients: ['clients'],
  users: ['users'],
  timeEntries: ['timeEntries'],
  invoices: ['invoices'],
  activities: ['activities'],
  guide: [],
};

/** Keeps the answer within `limit` results in all, categories in SPEC 2's group order. */
function capTotal(results: SearchAnswer['results'], limit: number): SearchAnswer['results'] {
  let left = limit;
  for (const category of SERVER_SEARCH_CATEGORIES) {
    results[category] = results[category].slice(0, Math.max(0, left));
    left -= results[category].length;
  }
  return results;
}

type ViewRows = {
  clients: ClientRow[];
  users: UserRow[];
  timeEntries: EntryRow[];
  invoices: InvoiceRow[];
  feed: FeedAnswer;
};

/**
 * GET /api/search (SPEC 7): the signed-in user's organization only and only the categories his
 * permissions open. search_view (migrations 0052, 0054) finds every category's rows in one
 * read-only statement, sent with the tenant settings in one round trip and planned once per
 * pooled connection (ADRs 0194, 0196); every read in it names the bound organization
 * (current_org_id()). The feed's page comes back only when the firm has written an audit row
 * since the page this process kept for the reader, and its items are matched here.
 */
export async function search(
  database: Database,
  feeds: SearchFeedCache,
  actor: SessionUser,
  query: SearchQuery,
): Promise<SearchAnswer> {
  const wanted = new Set(CATEGORY_OF_TYPE[query.type].filter((category) => canSearch(actor.fullRole, category)));
  const scope = feedScope(actor);
  const kept = feeds.kept(actor, scope);
  const [row] = await database.readAsTenant<{ found: ViewRows }>(
    actor.organizationId,
    sql`select search_view(${actor.id}, ${query.q}, ${likePattern(query.q)}, ${query.per_category},
      ${scope.everyone}, ${scope.clients}, ${wanted.has('clients')}, ${wanted.has('users')},
      ${wanted.has('timeEntries')}, ${wanted.has('invoices')}, ${wanted.has('activities')}, ${knownLatest(kept)}) as found`,
  );
  const found = row!.found;
  const editable = hasPermission(actor.fullRole, 'can_edit_time_entries');
  const needle = query.q.toLowerCase();
  const activities = wanted.has('activities')
    ? feeds
        .itemsOf(kept, found.feed)
        .filter((item) => activityMatches(item, needle))
        .slice(0, query.per_category)
    : [];
  return {
    results: capTotal(
      {
        clients: wanted.has('clients') ? found.clients.map(clientResult) : [],
        users: found.users.map(userResult),
        timeEntries: found.timeEntries.map((entry) => timeEntryResult(entry, editable)),
        invoices: found.invoices.map(invoiceResult),
        activities: activities.map(activityResult),
      },
      query.limit,
    ),
  };
}
