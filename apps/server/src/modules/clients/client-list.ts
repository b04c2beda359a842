import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { CLIENT_STATUSES, recordIdText } from '@practice/shared';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { likePattern, offsetOf, pageOf, pageQuery, sortOrder, type Page } from '../records/pagination';
import { personRef, type PersonColumns, type PersonRef } from './client-view';

/** The sortable columns, by their API name: the list's statement is written in SQL, so these are column names. */
const SORT_COLUMNS = {
  client_id: 'code',
  legal_name: 'legal_name',
  status: 'status',
  created_at: 'created_at',
  updated_at: 'updated_at',
} as const;

export const clientListQuery = z.object({
  ...pageQuery,
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  status: z.enum(CLIENT_STATUSES, { error: 'Status must be active, inactive or prospect' }).optional(),
  partner_id: z.optional(recordIdText('Partner must be a user id')),
  manager_id: z.optional(recordIdText('Manager must be a user id')),
  tag: z.string().trim().min(1).max(30).optional(),
  bookmarked: z.enum(['true', 'false'], { error: 'Bookmarked must be true or false' }).optional(),
  sort: z
    .enum(Object.keys(SORT_COLUMNS) as [keyof typeof SORT_COLUMNS], {
      error: `Sort must be one of ${Object.keys(SORT_COLUMNS).join(', ')}`,
    })
    .default('legal_name'),
  order: sortOrder.default('asc'),
});
export type ClientListQuery = z.infer<typeof clientListQuery>;

export type ClientListItem = {
  id: number;
  client_id: string;
  legal_name: string;
  dba: string | null;
  entity_type: string;
  status: string;
  responsible_partner: PersonRef | null;
  responsible_manager: PersonRef | null;
  tags: string[];
  bookmarked: boolean;
  updated_at: Date;
};

type ListRow = {
  total: number;
  id: number | null;
  code: string;
  legal_name: string;
  dba: string | null;
  entity_type: string;
  status: string;
  tags: string[];
  updated_at: Date | string;
  bookmarked: boolean;
  partner: PersonColumns | null;
  manager: PersonColumns | null;
};

/** The clients to list: a search's matches found once (ADR 0087), else the organization's clients. */
function candidates(organizationId: number, term: string | undefined): SQL {
  if (term) return sql`matches as materialized (select * from client_list_matching(${likePattern(term)}))`;
  return sql`matches as not materialized (
    select id, code, legal_name, dba, entity_type, status, tags, responsible_partner_id,
           responsible_manager_id, created_at, updated_at
    from clients where organization_id = ${organizationId})`;
}

function bookmarkOf(organizationId: number, actor: SessionUser, clientId: SQL): SQL {
  return sql`exists (select 1 from client_bookmarks b
    where b.organization_id = ${organizationId} and b.user_id = ${actor.id} and b.client_id = ${clientId})`;
}

function filtersOf(query: ClientListQuery, bookmarked: SQL): SQL[] {
  const filters: (SQL | undefined)[] = [
    query.status ? sql`m.status = ${query.status}` : undefined,
    query.partner_id ? sql`m.responsible_partner_id = ${query.partner_id}` : undefined,
    query.manager_id ? sql`m.responsible_manager_id = ${query.manager_id}` : undefined,
    query.tag ? sql`m.tags @> array[${query.tag}]::text[]` : undefined,
    query.bookmarked === 'true' ? bookmarked : undefined,
    query.bookmarked === 'false' ? sql`not ${bookmarked}` : undefined,
  ];
  return filters.filter((filter) => filter !== undefined);
}

/** One person of a page row, read by index per row: a join would hash every user of the firm. */
function personOfPage(organizationId: number, userId: SQL): SQL {
  return sql`(select json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
                                       'username', u.username)
    from users u where u.organization_id = ${organizationId} and u.id = ${userId})`;
}

/**
 * /clients/manage: server-side search (trigram index over client ID, legal name and DBA),
 * filters, a whitelisted sort and one page, in one read-only statement sent with the tenant
 * settings. The total counts the filtered candidates; the page is cut before its bookmark,
 * partner and manager are looked up, so a term matching thousands of clients looks up 25 rows.
 */
export async function listClients(
  database: Database,
  actor: SessionUser,
  query: ClientListQuery,
): Promise<Page<ClientListItem>> {
  const organizationId = actor.organizationId;
  const filters = filtersOf(query, bookmarkOf(organizationId, actor, sql`m.id`));
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const direction = sql.raw(query.order === 'desc' ? 'desc' : 'asc');
  const sortColumn = sql.raw(SORT_COLUMNS[query.sort]);
  const rows = await database.readAsTenant<ListRow>(
    organizationId,
    sql`
      with ${candidates(organizationId, query.q)},
      filtered as not materialized (select m.* from matches m ${where})
      select counted.total, page.id, page.code, page.legal_name, page.dba, page.entity_type, page.status,
             page.tags, page.updated_at, ${bookmarkOf(organizationId, actor, sql`page.id`)} as bookmarked,
             ${personOfPage(organizationId, sql`page.responsible_partner_id`)} as partner,
             ${personOfPage(organizationId, sql`page.responsible_manager_id`)} as manager
      from (select count(*)::int as total from filtered) counted
      left join lateral (
        select * from filtered
        order by ${sortColumn} ${direction}, id ${direction}
        limit ${query.page_size} offset ${offsetOf(query)}
      ) page on true
      order by page.${sortColumn} ${direction}, page.id ${direction}`,
  );
  const total = rows[0]?.total ?? 0;
  const items = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id!,
      client_id: row.code,
      legal_name: row.legal_name,
      dba: row.dba,
      entity_type: row.entity_type,
      status: row.status,
      responsible_partner: personRef(row.partner),
      responsible_manager: personRef(row.manager),
      tags: row.tags,
      bookmarked: row.bookmarked,
      updated_at: new Date(row.updated_at),
    }));
  return pageOf(items, total, query);
}
