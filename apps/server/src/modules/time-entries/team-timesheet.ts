import { and, asc, between, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { isoDate, recordIdText } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { clients, timeEntries, users } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { requireClient } from '../clients/client-lookup';
import { offsetOf, pageQuery } from '../records/pagination';
import { displayName, requireOrganizationUser } from '../records/user-lookup';
import { addDays, dateInZone, daysFrom, mondayOf } from './calendar';
import { loadTimeSettings } from './organization-settings';

/** GET /time-entries/team: a week (any day of it; default this week), optionally one person or client, people paged. */
export const teamTimesheetQuery = z.object({
  ...pageQuery,
  start: z.optional(isoDate('Start')),
  user_id: z.optional(recordIdText('User must be a user id')),
  client_id: z.optional(recordIdText('Client must be a client id')),
});
export type TeamTimesheetQuery = z.infer<typeof teamTimesheetQuery>;

type ClientRef = { id: number; client_id: string; legal_name: string };
export type TeamClientRow = { client: ClientRef; days: number[]; total_minutes: number };
export type TeamPerson = {
  user: { id: number; name: string; active: boolean };
  rows: TeamClientRow[];
  day_totals: number[];
  total_minutes: number;
};
export type TeamTimesheet = {
  start: string;
  end: string;
  days: string[];
  items: TeamPerson[];
  total: number;
  page: number;
  page_size: number;
  totals: { day_totals: number[]; total_minutes: number };
};

const WEEK_DAYS = 7;

/**
 * The people of a team week: active people (with no time too, so a missing timesheet shows),
 * and anyone else with time in the week; with a client filter, only people with time for it.
 */
function peopleCondition(organizationId: number, start: string, end: string, query: TeamTimesheetQuery): SQL {
  const timeInWeek = (extra: SQL | undefined) =>
    exists(
      sql`(select 1 from ${timeEntries} where ${and(
        eq(timeEntries.organizationId, organizationId),
        eq(timeEntries.userId, users.id),
        between(timeEntries.entryDate, start, end),
        extra,
      )})`,
    );
  const members = query.client_id
    ? timeInWeek(eq(timeEntries.clientId, query.client_id))
    : or(eq(users.active, true), timeInWeek(undefined));
  return and(
    eq(users.organizationId, organizationId),
    query.user_id ? eq(users.id, query.user_id) : undefined,
    members,
  )!;
}

async function dayMinutes(tx: Tx, organizationId: number, start: string, end: string, filters: (SQL | undefined)[]) {
  return tx
    .select({
      userId: timeEntries.userId,
      clientId: timeEntries.clientId,
      date: timeEntries.entryDate,
      minutes: sql<number>`sum(${timeEntries.minutes})::int`,
    })
    .from(timeEntries)
    .where(and(eq(timeEntries.organizationId, organizationId), between(timeEntries.entryDate, start, end), ...filters))
    .groupBy(timeEntries.userId, timeEntries.clientId, timeEntries.entryDate);
}

/**
 * The team timesheet (docs/decisions/0108): everyone's minutes by person, client and day of
 * one week, with totals per client row, per person and for the whole filter (all pages), each
 * summed from minutes. Another firm's person or client answers 404.
 */
export async function teamTimesheet(
  db: Db,
  actor: SessionUser,
  query: TeamTimesheetQuery,
  now: Date,
): Promise<TeamTimesheet> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    if (query.user_id) await requireOrganizationUser(tx, organizationId, query.user_id, 'user_id');
    if (query.client_id) await requireClient(tx, organizationId, query.client_id);
    const { timeZone } = await loadTimeSettings(tx, organizationId);
    const start = mondayOf(query.start ?? dateInZone(now, timeZone));
    const end = addDays(start, WEEK_DAYS - 1);
    const days = daysFrom(start, WEEK_DAYS);
    const condition = peopleCondition(organizationId, start, end, query);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(condition);
    const people = await tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        active: users.active,
      })
      .from(users)
      .where(condition)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.username), asc(users.id))
      .limit(query.page_size)
      .offset(offsetOf(query));
    const clientFilter = query.client_id ? eq(timeEntries.clientId, query.client_id) : undefined;
    const userFilter = query.user_id ? eq(timeEntries.userId, query.user_id) : undefined;
    const pageIds = people.map((person) => person.id);
    const cells =
      pageIds.length === 0
        ? []
        : await dayMinutes(tx, organizationId, start, end, [clientFilter, inArray(timeEntries.userId, pageIds)]);
    const weekTotals = await tx
      .select({ date: timeEntries.entryDate, minutes: sql<number>`sum(${timeEntries.minutes})::int` })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.organizationId, organizationId),
          between(timeEntries.entryDate, start, end),
          clientFilter,
          userFilter,
        ),
      )
      .groupBy(timeEntries.entryDate);
    const clientIds = [...new Set(cells.map((cell) => cell.clientId))];
    const clientRows =
      clientIds.length === 0
        ? []
        : await tx
            .select({ id: clients.id, code: clients.code, legalName: clients.legalName })
            .from(clients)
            .where(and(eq(clients.organizationId, organizationId), inArray(clients.id, clientIds)));
    const clientById = new Map(clientRows.map((client) => [client.id, client]));

    const items = people.map((person): TeamPerson => {
      const rows = new Map<number, TeamClientRow>();
      const dayTotals = days.map(() => 0);
      for (const cell of cells.filter((candidate) => candidate.userId === person.id)) {
        const client = clientById.get(cell.clientId)!;
        let row = rows.get(cell.clientId);
        if (!row) {
          row = {
            client: { id: client.id, client_id: client.code, legal_name: client.legalName },
            days: days.map(() => 0),
            total_minutes: 0,
          };
          rows.set(cell.clientId, row);
        }
        const index = days.indexOf(cell.date);
        row.days[index] = (row.days[index] ?? 0) + cell.minutes;
        row.total_minutes += cell.minutes;
        dayTotals[index] = (dayTotals[index] ?? 0) + cell.minutes;
      }
      return {
        user: { id: person.id, name: displayName(person), active: person.active },
        rows: [...rows.values()].sort((a, b) => a.client.legal_name.localeCompare(b.client.legal_name)),
        day_totals: dayTotals,
        total_minutes: dayTotals.reduce((sum, minutes) => sum + minutes, 0),
      };
    });
    const grandDays = days.map((date) => weekTotals.find((row) => row.date === date)?.minutes ?? 0);
    return {
      start,
      end,
      days,
      items,
      total,
      page: query.page,
      page_size: query.page_size,
      totals: { day_totals: grandDays, total_minutes: grandDays.reduce((sum, minutes) => sum + minutes, 0) },
    };
  });
}
