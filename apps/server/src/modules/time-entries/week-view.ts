import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isoDate, recordIdText } from '@practice/shared';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { notFoundField } from '../records/field-errors';
import { addDays, daysFrom } from './calendar';
import { userScope } from './time-entry-list';

export const weekQuery = z.object({
  start: z.optional(isoDate('Start')),
  user_id: z
    .union([z.literal('me'), recordIdText('User must be me or a user id')], { error: 'User must be me or a user id' })
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

type WeekEntry = {
  id: number;
  date: string;
  minutes: number;
  client_id: number;
  client_code: string;
  client_name: string;
  activity_type_id: number;
  activity_name: string;
  activity_code: string;
};

type WeekQueryRow = { start: string; owner_found: boolean; entries: WeekEntry[] };

/**
 * The week's entries in one read-only statement sent with the tenant settings (one round
 * trip, no BEGIN or COMMIT): the start (default: Monday of today in the firm's time zone), whether
 * the owner is this organization's, and the entries in grid order as JSON. The date range
 * reads the start through uncorrelated subqueries so that it stays an index condition under
 * row-level security (as in dashboard-stats.ts).
 */
async function readWeek(
  database: Database,
  organizationId: number,
  userId: number,
  start: string | undefined,
  now: Date,
) {
  const [row] = await database.readAsTenant<WeekQueryRow>(
    organizationId,
    sql`
      with week as materialized (
        select coalesce(${start ?? null}::date, date_trunc('week', ${now.toISOString()}::timestamptz at time zone o.time_zone)::date) as start
        from organizations o where o.id = ${organizationId}
      )
      select to_char(week.start, 'YYYY-MM-DD') as start,
        exists (select 1 from users u where u.organization_id = ${organizationId} and u.id = ${userId}) as owner_found,
        coalesce((
          select json_agg(json_build_object(
              'id', t.id, 'date', to_char(t.entry_date, 'YYYY-MM-DD'), 'minutes', t.minutes,
              'client_id', t.client_id, 'client_code', c.code, 'client_name', c.legal_name,
              'activity_type_id', t.activity_type_id, 'activity_name', a.name, 'activity_code', a.code
            ) order by c.legal_name, a.name, t.id)
          from time_entries t
          join clients c on c.organization_id = t.organization_id and c.id = t.client_id
          join activity_types a on a.organization_id = t.organization_id and a.id = t.activity_type_id
          where t.organization_id = ${organizationId} and t.user_id = ${userId}
            and t.entry_date between (select start from week) and (select start + ${WEEK_DAYS - 1}::int from week)
        ), '[]'::json) as entries
      from week`,
  );
  if (!row) throw new Error(`Organization ${organizationId} is missing`);
  return row;
}

/**
 * The /profile week grid: one row per client and activity type with minutes per day and
 * totals, for 7 days from `start` (default: Monday of this week in the firm's time zone).
 * `entry_ids` lets a cell with one entry be edited in place. Another firm's user answers 404.
 */
export async function weekView(database: Database, actor: SessionUser, query: WeekQuery, now: Date): Promise<WeekView> {
  const userId = userScope(actor, query.user_id) ?? actor.id;
  const week = await readWeek(database, actor.organizationId, userId, query.start, now);
  if (!week.owner_found) throw notFoundField('user_id', 'User not found');
  const days = daysFrom(week.start, WEEK_DAYS);
  const rows = new Map<string, WeekRow>();
  const dayTotals = days.map(() => 0);
  for (const entry of week.entries) {
    const key = `${entry.client_id}:${entry.activity_type_id}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        client_id: entry.client_id,
        client: { id: entry.client_id, client_id: entry.client_code, legal_name: entry.client_name },
        activity_type_id: entry.activity_type_id,
        activity_type: { id: entry.activity_type_id, name: entry.activity_name, code: entry.activity_code },
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
    start: week.start,
    end: addDays(week.start, WEEK_DAYS - 1),
    days,
    rows: [...rows.values()],
    day_totals: dayTotals,
    total_minutes: dayTotals.reduce((sum, minutes) => sum + minutes, 0),
  };
}
