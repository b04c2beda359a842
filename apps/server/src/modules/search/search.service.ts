import { sql } from 'drizzle-orm';
import {
  hasPermission,
  SERVER_SEARCH_CATEGORIES,
  type SearchAnswer,
  type ServerSearchCategory,
} from '@practice/shared';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { feedScope } from '../dashboard/activity-feed';
import { likePattern } from '../records/pagination';
import { activityResult, type ActivityRow } from './search-activities';
import { clientResult, type ClientRow } from './search-clients';
import { invoiceResult, type InvoiceRow } from './search-invoices';
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

type ViewRows = {
  clients: ClientRow[];
  users: UserRow[];
  timeEntries: EntryRow[];
  invoices: InvoiceRow[];
  activities: ActivityRow[];
};

/**
 * GET /api/search (SPEC 7): the signed-in user's organization only and only the categories his
 * permissions open. search_view (migration 0052) finds every category's rows in one read-only
 * statement, sent with the tenant settings in one round trip and planned once per pooled
 * connection (ADR 0194); it runs as app_user under row-level security, its trigram lookups
 * through functions scoped by current_org_id().
 */
export async function search(database: Database, actor: SessionUser, query: SearchQuery): Promise<SearchAnswer> {
  const wanted = new Set(CATEGORY_OF_TYPE[query.type].filter((category) => allowed(actor, category)));
  const scope = feedScope(actor);
  const [row] = await database.readAsTenant<{ found: ViewRows }>(
    actor.organizationId,
    sql`select search_view(${actor.id}, ${query.q}, ${likePattern(query.q)}, ${query.per_category},
      ${scope.everyone}, ${scope.clients}, ${wanted.has('clients')}, ${wanted.has('users')},
      ${wanted.has('timeEntries')}, ${wanted.has('invoices')}, ${wanted.has('activities')}) as found`,
  );
  const found = row!.found;
  const editable = hasPermission(actor.fullRole, 'can_edit_time_entries');
  return {
    results: capTotal(
      {
        clients: wanted.has('clients') ? found.clients.map(clientResult) : [],
        users: found.users.map(userResult),
        timeEntries: found.timeEntries.map((entry) => timeEntryResult(entry, editable)),
        invoices: found.invoices.map(invoiceResult),
        activities: found.activities.map(activityResult),
      },
      query.limit,
    ),
  };
}
