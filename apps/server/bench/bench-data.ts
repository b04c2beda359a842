import type pg from 'pg';
import { FIRM } from '../src/cli/seed-large/plan';
import { LAST_NAMES, PLACE_WORDS, TRADES } from '../src/cli/seed-large/names';
import { addDays, mondayOf } from '../src/modules/time-entries/calendar';

export type Timekeeper = { id: number; username: string; role: string };
export type BenchWork = { clientId: number; activityTypeId: number };

/** How the signed-in users are chosen: mostly staff, as in the firm, and a few who lead them. */
export const BENCH_MIX = { staff: 16, manager: 2, partner: 2 } as const;

export class BenchDataError extends Error {}

export async function findFirm(client: pg.ClientBase): Promise<number> {
  const result = await client.query<{ id: number }>('select id from organizations where subdomain = $1', [
    FIRM.subdomain,
  ]);
  const firm = result.rows[0];
  if (!firm) {
    throw new BenchDataError(
      `No firm at subdomain "${FIRM.subdomain}" in this database: fill it first with npm run seed:large -- --scale N`,
    );
  }
  return firm.id;
}

/** Timekeepers spread evenly over each role's list, so the same scale always benches the same people. */
export async function pickTimekeepers(client: pg.ClientBase, organizationId: number): Promise<Timekeeper[]> {
  const chosen: Timekeeper[] = [];
  for (const [role, count] of Object.entries(BENCH_MIX)) {
    const result = await client.query<Timekeeper>(
      `select u.id, u.username, r.name as role
       from users u join roles r on r.organization_id = u.organization_id and r.id = u.role_id
       where u.organization_id = $1 and r.name = $2 and u.active
       order by u.id`,
      [organizationId, role],
    );
    const step = Math.max(1, Math.floor(result.rows.length / count));
    chosen.push(...result.rows.filter((_, index) => index % step === 0).slice(0, count));
  }
  return chosen;
}

/**
 * What a timekeeper may record time on today: the active clients and activity types of his
 * last quarter's entries, still active and not disabled for the client.
 */
export async function recentWork(
  client: pg.ClientBase,
  organizationId: number,
  userId: number,
  lastDay: string,
): Promise<BenchWork[]> {
  const result = await client.query<{ client_id: number; activity_type_id: number }>(
    `select distinct t.client_id, t.activity_type_id
     from time_entries t
     join clients c on c.organization_id = t.organization_id and c.id = t.client_id
     join activity_types a on a.organization_id = t.organization_id and a.id = t.activity_type_id
     left join client_activity_types cat on cat.organization_id = t.organization_id and cat.client_id = t.client_id
       and cat.activity_type_id = t.activity_type_id
     where t.organization_id = $1 and t.user_id = $2 and t.entry_date between $3::date - 90 and $3::date
       and c.status = 'active' and a.active and coalesce(cat.enabled, true)
     order by t.client_id, t.activity_type_id
     limit 40`,
    [organizationId, userId, lastDay],
  );
  return result.rows.map((row) => ({ clientId: row.client_id, activityTypeId: row.activity_type_id }));
}

/** The firm's first and last day of recorded time. */
export async function historySpan(
  client: pg.ClientBase,
  organizationId: number,
): Promise<{ first: string; last: string }> {
  const result = await client.query<{ first: string; last: string }>(
    `select min(entry_date)::text as first, max(entry_date)::text as last from time_entries where organization_id = $1`,
    [organizationId],
  );
  const span = result.rows[0];
  if (!span?.first || !span.last) throw new BenchDataError('The large firm has no time entries: seed it again');
  return span;
}

/** Every Monday of the history: the week grid is asked for weeks all over it. */
export function mondaysBetween(first: string, last: string): string[] {
  const mondays: string[] = [];
  for (
    let monday = mondayOf(first) < first ? addDays(mondayOf(first), 7) : first;
    monday <= last;
    monday = addDays(monday, 7)
  ) {
    mondays.push(monday);
  }
  return mondays;
}

/** What people type into the client search: the first 3 or 4 letters of a name or a trade. */
export function searchTerms(): string[] {
  const words = [...LAST_NAMES, ...TRADES, ...PLACE_WORDS].map((word) => word.toLowerCase().replace(/[^a-z]/g, ''));
  const terms = new Set<string>();
  words.forEach((word, index) => {
    const length = index % 2 === 0 ? 3 : 4;
    if (word.length >= length) terms.add(word.slice(0, length));
  });
  return [...terms];
}
