import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { activityTypes, clients, timeEntries, users } from '../../db/schema/index';
import { displayName } from '../records/user-lookup';
import { hoursOf } from './time-math';

export type TimeEntryView = {
  id: number;
  user_id: number;
  user: { id: number; name: string };
  client_id: number;
  client: { id: number; client_id: string; legal_name: string };
  activity_type_id: number;
  activity_type: { id: number; name: string; code: string };
  entry_date: string;
  minutes: number;
  /** SPEC 3 `hours`, for display; `minutes` is the exact figure. */
  hours: number;
  narrative: string;
  billable: boolean;
  status: string;
  rate_cents: number;
  rate_source: string;
  amount_cents: number;
  invoice_id: number | null;
  version: number;
  created_at: Date;
  updated_at: Date;
};

/** Entries with their user, client and activity type names, for one organization. */
export function selectTimeEntries(tx: Tx, organizationId: number, condition: SQL | undefined) {
  return tx
    .select({
      entry: timeEntries,
      user: { firstName: users.firstName, lastName: users.lastName, username: users.username },
      client: { code: clients.code, legalName: clients.legalName },
      activity: { name: activityTypes.name, code: activityTypes.code },
    })
    .from(timeEntries)
    .innerJoin(users, and(eq(users.organizationId, timeEntries.organizationId), eq(users.id, timeEntries.userId)))
    .innerJoin(
      clients,
      and(eq(clients.organizationId, timeEntries.organizationId), eq(clients.id, timeEntries.clientId)),
    )
    .innerJoin(
      activityTypes,
      and(
        eq(activityTypes.organizationId, timeEntries.organizationId),
        eq(activityTypes.id, timeEntries.activityTypeId),
      ),
    )
    .where(and(eq(timeEntries.organizationId, organizationId), condition));
}

type EntryRow = Awaited<ReturnType<typeof selectTimeEntries>>[number];

export function timeEntryViewOf({ entry, user, client, activity }: EntryRow): TimeEntryView {
  return {
    id: entry.id,
    user_id: entry.userId,
    user: { id: entry.userId, name: displayName(user) },
    client_id: entry.clientId,
    client: { id: entry.clientId, client_id: client.code, legal_name: client.legalName },
    activity_type_id: entry.activityTypeId,
    activity_type: { id: entry.activityTypeId, name: activity.name, code: activity.code },
    entry_date: entry.entryDate,
    minutes: entry.minutes,
    hours: hoursOf(entry.minutes),
    narrative: entry.narrative,
    billable: entry.billable,
    status: entry.status,
    rate_cents: entry.rateCents,
    rate_source: entry.rateSource,
    amount_cents: entry.amountCents,
    invoice_id: entry.invoiceId,
    version: entry.version,
    created_at: entry.createdAt,
    updated_at: entry.updatedAt,
  };
}

/** What the audit log keeps of an entry. */
export function entrySnapshot(entry: typeof timeEntries.$inferSelect) {
  return {
    user_id: entry.userId,
    client_id: entry.clientId,
    activity_type_id: entry.activityTypeId,
    entry_date: entry.entryDate,
    minutes: entry.minutes,
    narrative: entry.narrative,
    billable: entry.billable,
    status: entry.status,
    rate_cents: entry.rateCents,
    rate_source: entry.rateSource,
    amount_cents: entry.amountCents,
    invoice_id: entry.invoiceId,
    version: entry.version,
  };
}
