import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { withTenant, type Db, type Tx } from '../../db/client';
import { expenses, timeEntries } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { maySeeOthersEntries } from '../time-entries/entry-access';
import { hoursOf } from '../time-entries/time-math';
import { selectTimeEntries, timeEntryViewOf, type TimeEntryView } from '../time-entries/time-entry-view';
import { isBookmarked } from './bookmarks';
import { loadClient, type ClientWithContacts } from './clients.service';

export const RECENT_TIME_LIMIT = 10;

export type UnbilledTotals = {
  minutes: number;
  hours: number;
  time_cents: number;
  expense_cents: number;
  total_cents: number;
  time_entries: number;
  expenses: number;
};

export type ClientProfile = ClientWithContacts & {
  bookmarked: boolean;
  /** Null for someone who may not see other people's time (docs/decisions/0044). */
  unbilled: UnbilledTotals | null;
  recent_time: TimeEntryView[];
};

/** Unbilled billable work (WIP at standard value): draft and completed entries and expenses not yet billed. */
export async function unbilledTotals(tx: Tx, organizationId: number, clientId: number): Promise<UnbilledTotals> {
  const [time] = await tx
    .select({
      minutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::bigint`.mapWith(Number),
      cents: sql<number>`coalesce(sum(${timeEntries.amountCents}), 0)::bigint`.mapWith(Number),
      count: sql<number>`count(*)::int`,
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.organizationId, organizationId),
        eq(timeEntries.clientId, clientId),
        ne(timeEntries.status, 'billed'),
        eq(timeEntries.billable, true),
      ),
    );
  const [spent] = await tx
    .select({
      cents: sql<number>`coalesce(sum(${expenses.totalCents}), 0)::bigint`.mapWith(Number),
      count: sql<number>`count(*)::int`,
    })
    .from(expenses)
    .where(
      and(
        eq(expenses.organizationId, organizationId),
        eq(expenses.clientId, clientId),
        ne(expenses.status, 'billed'),
        eq(expenses.billable, true),
      ),
    );
  const minutes = time?.minutes ?? 0;
  const timeCents = time?.cents ?? 0;
  const expenseCents = spent?.cents ?? 0;
  return {
    minutes,
    hours: hoursOf(minutes),
    time_cents: timeCents,
    expense_cents: expenseCents,
    total_cents: timeCents + expenseCents,
    time_entries: time?.count ?? 0,
    expenses: spent?.count ?? 0,
  };
}

/** /clients/{id}: the client, its contacts, the reader's bookmark, unbilled totals and recent time. */
export async function getClientProfile(db: Db, actor: SessionUser, clientId: number): Promise<ClientProfile> {
  const organizationId = actor.organizationId;
  const seesEveryone = maySeeOthersEntries(actor);
  return withTenant(db, organizationId, async (tx) => {
    const client = await loadClient(tx, organizationId, clientId);
    const recent = await selectTimeEntries(
      tx,
      organizationId,
      and(eq(timeEntries.clientId, clientId), seesEveryone ? undefined : eq(timeEntries.userId, actor.id)),
    )
      .orderBy(desc(timeEntries.entryDate), desc(timeEntries.id))
      .limit(RECENT_TIME_LIMIT);
    return {
      ...client,
      bookmarked: await isBookmarked(tx, organizationId, actor.id, clientId),
      unbilled: seesEveryone ? await unbilledTotals(tx, organizationId, clientId) : null,
      recent_time: recent.map(timeEntryViewOf),
    };
  });
}
