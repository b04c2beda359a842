import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { CLIENT_STATUSES } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { clientBookmarks, clients } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { likePattern, offsetOf, pageOf, pageQuery, sortOrder, type Page } from '../records/pagination';
import { managerColumns, managers, partnerColumns, partners, personRef, type PersonRef } from './client-view';

const SORT_COLUMNS = {
  client_id: clients.code,
  legal_name: clients.legalName,
  status: clients.status,
  created_at: clients.createdAt,
  updated_at: clients.updatedAt,
} as const;

export const clientListQuery = z.object({
  ...pageQuery,
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  status: z.enum(CLIENT_STATUSES, { error: 'Status must be active, inactive or prospect' }).optional(),
  partner_id: z.coerce.number().int().positive('Partner must be a user id').optional(),
  manager_id: z.coerce.number().int().positive('Manager must be a user id').optional(),
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

/**
 * /clients/manage: server-side search (trigram index over client ID, legal name and DBA),
 * filters, a whitelisted sort and one page.
 */
export async function listClients(db: Db, actor: SessionUser, query: ClientListQuery): Promise<Page<ClientListItem>> {
  const organizationId = actor.organizationId;
  const bookmarkJoin = and(
    eq(clientBookmarks.organizationId, clients.organizationId),
    eq(clientBookmarks.clientId, clients.id),
    eq(clientBookmarks.userId, actor.id),
  );
  const conditions: (SQL | undefined)[] = [
    eq(clients.organizationId, organizationId),
    // The trigram index, through a function that row-level security does not keep from it (ADR 0062).
    query.q ? sql`${clients.id} in (select client_ids_matching(${likePattern(query.q)}))` : undefined,
    query.status ? eq(clients.status, query.status) : undefined,
    query.partner_id ? eq(clients.responsiblePartnerId, query.partner_id) : undefined,
    query.manager_id ? eq(clients.responsibleManagerId, query.manager_id) : undefined,
    query.tag ? sql`${clients.tags} @> array[${query.tag}]::text[]` : undefined,
    query.bookmarked === 'true' ? isNotNull(clientBookmarks.clientId) : undefined,
    query.bookmarked === 'false' ? sql`${clientBookmarks.clientId} is null` : undefined,
  ];
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  return withTenant(db, organizationId, async (tx) => {
    const rows = await tx
      .select({
        client: {
          id: clients.id,
          code: clients.code,
          legalName: clients.legalName,
          dba: clients.dba,
          entityType: clients.entityType,
          status: clients.status,
          tags: clients.tags,
          updatedAt: clients.updatedAt,
        },
        partner: partnerColumns,
        manager: managerColumns,
        bookmarkedClientId: clientBookmarks.clientId,
      })
      .from(clients)
      .leftJoin(clientBookmarks, bookmarkJoin)
      .leftJoin(
        partners,
        and(eq(partners.organizationId, clients.organizationId), eq(partners.id, clients.responsiblePartnerId)),
      )
      .leftJoin(
        managers,
        and(eq(managers.organizationId, clients.organizationId), eq(managers.id, clients.responsibleManagerId)),
      )
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), direction(clients.id))
      .limit(query.page_size)
      .offset(offsetOf(query));
    const [counted] = await tx
      .select({ total: count() })
      .from(clients)
      .leftJoin(clientBookmarks, bookmarkJoin)
      .where(where);
    const items = rows.map(({ client, partner, manager, bookmarkedClientId }) => ({
      id: client.id,
      client_id: client.code,
      legal_name: client.legalName,
      dba: client.dba,
      entity_type: client.entityType,
      status: client.status,
      responsible_partner: personRef(partner),
      responsible_manager: personRef(manager),
      tags: client.tags,
      bookmarked: bookmarkedClientId !== null,
      updated_at: client.updatedAt,
    }));
    return pageOf(items, counted?.total ?? 0, query);
  });
}
