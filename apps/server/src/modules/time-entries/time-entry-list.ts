import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { TIME_ENTRY_STATUSES, isoDate, recordIdText } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { timeEntries } from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { offsetOf, pageQuery, sortOrder, type Page } from '../records/pagination';
import { requireOrganizationUser } from '../records/user-lookup';
import { maySeeOthersEntries } from './entry-access';
import { selectTimeEntries, timeEntryViewOf, type TimeEntryView } from './time-entry-view';

const SORT_COLUMNS = {
  entry_date: timeEntries.entryDate,
  created_at: timeEntries.createdAt,
  updated_at: timeEntries.updatedAt,
  minutes: timeEntries.minutes,
} as const;

/** `user_id`: a user's id, `me` (the default) or `all`. */
export const userFilter = z
  .union([z.literal('me'), z.literal('all'), recordIdText('User must be me, all or a user id')], {
    error: 'User must be me, all or a user id',
  })
  .default('me');

export const timeEntryListQuery = z.object({
  ...pageQuery,
  user_id: userFilter,
  client_id: z.optional(recordIdText('Client must be a client id')),
  from: z.optional(isoDate('From')),
  to: z.optional(isoDate('To')),
  status: z.enum(TIME_ENTRY_STATUSES, { error: 'Status must be draft, completed or billed' }).optional(),
  billable: z.enum(['true', 'false'], { error: 'Billable must be true or false' }).optional(),
  sort: z
    .enum(Object.keys(SORT_COLUMNS) as [keyof typeof SORT_COLUMNS], {
      error: `Sort must be one of ${Object.keys(SORT_COLUMNS).join(', ')}`,
    })
    .default('entry_date'),
  order: sortOrder.default('desc'),
});
export type TimeEntryListQuery = z.infer<typeof timeEntryListQuery>;

export type TimeEntryPage = Page<TimeEntryView> & { totals: { minutes: number; amount_cents: number } };

/**
 * Resolves the user filter of a list: the signed-in user by default; someone else or
 * everyone needs can_edit_time_entries or can_view_billing. Null means everyone.
 */
export function userScope(actor: SessionUser, filter: 'me' | 'all' | number): number | null {
  const userId = filter === 'me' ? actor.id : filter;
  if (userId !== actor.id && !maySeeOthersEntries(actor)) {
    throw forbidden('Permission required: can_edit_time_entries');
  }
  return userId === 'all' ? null : userId;
}

/** Another user named in a filter must be this organization's: another firm's id answers 404, as everywhere. */
export async function requireScopedUser(tx: Tx, actor: SessionUser, userId: number | null): Promise<void> {
  if (userId !== null && userId !== actor.id) {
    await requireOrganizationUser(tx, actor.organizationId, userId, 'user_id');
  }
}

export async function listTimeEntries(db: Db, actor: SessionUser, query: TimeEntryListQuery): Promise<TimeEntryPage> {
  const organizationId = actor.organizationId;
  const userId = userScope(actor, query.user_id);
  const conditions: (SQL | undefined)[] = [
    userId === null ? undefined : eq(timeEntries.userId, userId),
    query.client_id ? eq(timeEntries.clientId, query.client_id) : undefined,
    query.from ? gte(timeEntries.entryDate, query.from) : undefined,
    query.to ? lte(timeEntries.entryDate, query.to) : undefined,
    query.status ? eq(timeEntries.status, query.status) : undefined,
    query.billable ? eq(timeEntries.billable, query.billable === 'true') : undefined,
  ];
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  return withTenant(db, organizationId, async (tx) => {
    await requireScopedUser(tx, actor, userId);
    const rows = await selectTimeEntries(tx, organizationId, where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), direction(timeEntries.id))
      .limit(query.page_size)
      .offset(offsetOf(query));
    const [summary] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        minutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::bigint`.mapWith(Number),
        amount: sql<number>`coalesce(sum(${timeEntries.amountCents}), 0)::bigint`.mapWith(Number),
      })
      .from(timeEntries)
      .where(and(eq(timeEntries.organizationId, organizationId), where));
    return {
      items: rows.map(timeEntryViewOf),
      total: summary?.total ?? 0,
      page: query.page,
      page_size: query.page_size,
      totals: { minutes: summary?.minutes ?? 0, amount_cents: summary?.amount ?? 0 },
    };
  });
}
