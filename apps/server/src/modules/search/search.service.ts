import {
  hasPermission,
  SERVER_SEARCH_CATEGORIES,
  type SearchAnswer,
  type SearchResult,
  type ServerSearchCategory,
} from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { likePattern } from '../records/pagination';
import { searchActivities } from './search-activities';
import { clientResult, matchingClients } from './search-clients';
import { searchInvoices } from './search-invoices';
import type { SearchQuery } from './search-query';
import { searchTimeEntries } from './search-time-entries';
import { searchUsers } from './search-users';

const CATEGORY_OF_TYPE: Record<SearchQuery['type'], ServerSearchCategory[]> = {
  all: [...SERVER_SEARCH_CATEGORIES],
  clients: ['clients'],
  users: ['users'],
  timeEntries: ['timeEntries'],
  invoices: ['invoices'],
  activities: ['activities'],
  guide: [],
};

/** Which categories this reader may search at all: each follows the permission of its list. */
function allowed(actor: SessionUser, category: ServerSearchCategory): boolean {
  switch (category) {
    case 'clients':
      return hasPermission(actor.fullRole, 'can_view_clients');
    case 'users':
      return hasPermission(actor.fullRole, 'can_view_users');
    case 'timeEntries':
      return hasPermission(actor.fullRole, 'can_view_time_entries');
    case 'invoices':
      return hasPermission(actor.fullRole, 'can_view_invoices');
    case 'activities':
      return true;
  }
}

/** Keeps the answer within `limit` results in all, categories in SPEC 2's group order. */
function capTotal(results: SearchAnswer['results'], limit: number): SearchAnswer['results'] {
  let left = limit;
  for (const category of SERVER_SEARCH_CATEGORIES) {
    results[category] = results[category].slice(0, Math.max(0, left));
    left -= results[category].length;
  }
  return results;
}

/**
 * GET /api/search (SPEC 7): the signed-in user's organization only (every query runs under
 * its row-level security, the trigram lookups through functions scoped by current_org_id())
 * and only the categories his permissions open.
 */
export async function search(db: Db, actor: SessionUser, query: SearchQuery): Promise<SearchAnswer> {
  const wanted = CATEGORY_OF_TYPE[query.type].filter((category) => allowed(actor, category));
  const results: Record<ServerSearchCategory, SearchResult[]> = {
    clients: [],
    users: [],
    timeEntries: [],
    invoices: [],
    activities: [],
  };
  const pattern = likePattern(query.q);
  const max = query.per_category;
  const needsClients = wanted.some((category) => ['clients', 'timeEntries', 'invoices'].includes(category));
  await withTenant(db, actor.organizationId, async (tx) => {
    const clients = needsClients ? await matchingClients(tx, pattern, max) : [];
    const clientIds = clients.map((client) => client.id);
    if (wanted.includes('clients')) results.clients = clients.map(clientResult);
    if (wanted.includes('users')) results.users = await searchUsers(tx, pattern, max);
    if (wanted.includes('timeEntries')) {
      results.timeEntries = await searchTimeEntries(tx, actor, pattern, clientIds, max);
    }
    if (wanted.includes('invoices')) results.invoices = await searchInvoices(tx, pattern, clientIds, max);
    if (wanted.includes('activities')) results.activities = await searchActivities(tx, actor, query.q, max);
  });
  return { results: capTotal(results, query.limit) };
}
