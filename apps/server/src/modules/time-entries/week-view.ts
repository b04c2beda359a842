import { and, eq, gte, lte } from 'drizzle-orm';
import { z } from 'zod';
import { withTenant, type Db } from '../../db/client';
import { activityTypes, clients, timeEntries } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { dateQuery } from '../records/pagination';
import { addDays, dateInZone, daysFrom, mondayOf } from './calendar';
import { loadTimeSettings } from './organization-settings';
import { requireScopedUser, userScope } from './time-entry-list';

export const weekQuery = z.object({
  start: dateQuery('Start').optional(),
  user_id: z
    .union([z.literal('me'), z.coerce.number().int().positive()], { error: 'User must be me or a user id' })
    .default('me'),
});
export type WeekQuery = z.infer<typeof weekQuery>;

export type WeekCell = { date: string; minutes: number; entry_ids: number[] };
export type WeekRow = {
  client_id: number;
  client: { id: number; client_id: string; legal_name: string };
  activity_type_id: number;
  activity_type: { id: number; name: string; code: string };
  days: WeekCell[];
  total_minutes: number;
};
export type WeekView = {
  user_id: number;
  start: string;
  end: string;
  days: string[];
  rows: WeekRow[];
  day_totals: number[];
  total_minutes: number;
};

/** No more than a week of one person's entries: bounded by what a person can log in 7 days. */
const WEEK_DAYS = 7;

/**
 * The /profile week grid: one row per client and activity type with minutes per day and
 * totals, for 7 days from `start` (default: Monday of this week in the firm's time zone).
 * `entry_ids` lets a cell with one entry be edited in place.
 */
export async function weekView(db: Db, actor: SessionUser, query: WeekQuery, now: Date): Promise<WeekView> {
  const organizationId = actor.organizationId;
  const userId = userScope(actor, query.user_id) ?? actor.id;
  return withTenant(db, organizationId, async (tx) => {
    await requireScopedUser(tx, actor, userId);
    const { timeZone } = await loadTimeSettings(tx, organizationId);
    const start = query.start ?? mondayOf(dateInZone(now, timeZone));
    const end = addDays(start, WEEK_DAYS - 1);
    const days = daysFrom(start, WEEK_DAYS);
    const entries = await tx
      .select({
        id: timeEntries.id,
        date: timeEntries.entryDate,
        minutes: timeEntries.minutes,
        clientId: timeEntries.clientId,
        clientCode: clients.code,
        clientName: clients.legalName,
        activityTypeId: timeEntries.activityTypeId,
        activityName: activityTypes.name,
        activityCode: activityTypes.code,
      })
      .from(timeEntries)
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
      .where(
        and(
          eq(timeEntries.organizationId, organizationId),
          eq(timeEntries.userId, userId),
          gte(timeEntries.entryDate, start),
          lte(timeEntries.entryDate, end),
        ),
      )
      .orderBy(clients.legalName, activityTypes.name, timeEntries.id);
    const rows = new Map<string, WeekRow>();
    const dayTotals = days.map(() => 0);
    for (const entry of entries) {
      const key = `${entry.clientId}:${entry.activityTypeId}`;
      let row = rows.get(key);
      if (!row) {
        row = {
          client_id: entry.clientId,
          client: { id: entry.clientId, client_id: entry.clientCode, legal_name: entry.clientName },
          activity_type_id: entry.activityTypeId,
          activity_type: { id: entry.activityTypeId, name: entry.activityName, code: entry.activityCode },
          days: days.map((date) => ({ date, minutes: 0, entry_ids: [] })),
          total_minutes: 0,
        };
        rows.set(key, row);
      }
      const dayIndex = days.indexOf(entry.date);
      const cell = row.days[dayIndex]!;
      cell.minutes += entry.minutes;
      cell.entry_ids.push(entry.id);
      row.total_minutes += entry.minutes;
      dayTotals[dayIndex] = (dayTotals[dayIndex] ?? 0) + entry.minutes;
    }
    return {
      user_id: userId,
      start,
      end,
      days,
      rows: [...rows.values()],
      day_totals: dayTotals,
      total_minutes: dayTotals.reduce((sum, minutes) => sum + minutes, 0),
    };
  });
}
