import { sql, type SQL } from 'drizzle-orm';
import type { ReportRequest } from './report-query';

type Family = 'time' | 'billing';
type Grain = 'fine' | 'user' | 'client' | 'staff' | 'partner';

/**
 * Which rollup grain answers a grouping and its filters with the fewest rows (docs/decisions/0152,
 * 0176, 0190): billing's partner grain for the whole firm by partner, the client grain for the
 * whole firm by client (time by partner too), time's person grain by staff (utilization too),
 * the staff-and-activity grain by activity (and billing by staff), the finest grain when a
 * client or partner filter narrows it to a few clients (its client index) or a staff filter
 * meets a client-side grouping (its user index).
 */
export function rollupGrain(family: Family, request: ReportRequest): Grain {
  const byClient = request.groupBy === 'client' || request.groupBy === 'partner';
  const narrowedByClient = request.clientId !== undefined || request.partnerId !== undefined;
  if (narrowedByClient || (byClient && request.staffId !== undefined)) return 'fine';
  if (family === 'billing' && request.groupBy === 'partner') return 'partner';
  if (byClient) return 'client';
  return family === 'time' && request.groupBy === 'staff' ? 'staff' : 'user';
}

const KEYS: Record<Grain, string> = {
  fine: 'client_id, user_id, activity_type_id',
  user: 'user_id, activity_type_id',
  client: 'client_id',
  staff: 'user_id',
  partner: 'partner_id',
};
const FIGURES: Record<Family, string> = {
  time: 'entries, minutes, billable_minutes, standard_cents',
  billing: 'standard_cents, billed_cents, write_up_cents, write_down_cents, collected_cents',
};

/** A period of whole months as its whole calendar years and the months around them. */
export type PeriodParts = { years?: { first: string; last: string }; months: Array<{ first: string; last: string }> };

const monthBefore = (month: string): string => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12-01` : `${year}-${String(number - 1).padStart(2, '0')}-01`;
};

/**
 * `from` (first day of a month) to `to` (last day of one) split into the calendar years it
 * covers whole, read from the year rollups (migration 0046), and the months before and after
 * them, read from the month rollups. Months are named by their first day.
 */
export function periodParts(from: string, to: string): PeriodParts {
  const lastMonth = `${to.slice(0, 7)}-01`;
  const fromYear = Number(from.slice(0, 4));
  const toYear = Number(to.slice(0, 4));
  const firstYear = from.endsWith('-01-01') ? fromYear : fromYear + 1;
  const lastYear = to.endsWith('-12-31') ? toYear : toYear - 1;
  if (firstYear > lastYear) return { months: [{ first: from, last: lastMonth }] };
  const months: PeriodParts['months'] = [];
  if (from < `${firstYear}-01-01`) months.push({ first: from, last: monthBefore(`${firstYear}-01-01`) });
  if (lastMonth > `${lastYear}-12-01`) months.push({ first: `${lastYear + 1}-01-01`, last: lastMonth });
  return { years: { first: `${firstYear}-01-01`, last: `${lastYear}-01-01` }, months };
}

/**
 * The rollup rows of the request's period as one relation `r` (organization_id, the grain's
 * keys and the figures): the year rows of the whole years and the month rows of the others.
 * The finest grain has months only; it is read with a filter that narrows it. The partner
 * grain has months only too, a few hundred rows a year (its stripes are summed by the group).
 */
function periodRows(family: Family, grain: Grain, request: ReportRequest): SQL {
  const table = (unit: 'month' | 'year') =>
    sql.raw(grain === 'fine' ? `report_${family}_months` : `report_${family}_${grain}_${unit}s`);
  const columns = sql.raw(`organization_id, ${KEYS[grain]}, ${FIGURES[family]}`);
  const parts: PeriodParts =
    grain === 'fine'
      ? { months: [{ first: request.from, last: request.to }] }
      : grain === 'partner'
        ? { months: [{ first: request.from, last: `${request.to.slice(0, 7)}-01` }] }
        : periodParts(request.from, request.to);
  // One month or year by equality: the key's index then yields the rows in group order.
  const within = (column: 'month' | 'year', { first, last }: { first: string; last: string }) =>
    first === last
      ? sql`${sql.raw(column)} = ${first}::date`
      : sql`${sql.raw(column)} between ${first}::date and ${last}::date`;
  const branches: SQL[] = parts.months.map(
    (months) => sql`select ${columns} from ${table('month')}
      where organization_id = ${request.organizationId} and ${within('month', months)}`,
  );
  if (parts.years) {
    branches.push(sql`select ${columns} from ${table('year')}
      where organization_id = ${request.organizationId} and ${within('year', parts.years)}`);
  }
  return sql`(${sql.join(branches, sql` union all `)}) r`;
}

/**
 * Whether each group of the request is one rollup row: the grain's key is the group and the
 * period one month or one year. Its count and sums then need no grouping.
 */
export function oneRowPerGroup(family: Family, request: ReportRequest): boolean {
  const grain = rollupGrain(family, request);
  const keyed =
    (grain === 'client' && request.groupBy === 'client') || (grain === 'staff' && request.groupBy === 'staff');
  const parts = periodParts(request.from, request.to);
  const single = parts.years
    ? parts.months.length === 0 && parts.years.first === parts.years.last
    : parts.months.length === 1 && parts.months[0]!.first === parts.months[0]!.last;
  return keyed && single;
}

/** The group id of a rollup row `r` of the family's grain (partner through the client `c`). */
export function groupColumn(family: Family, request: ReportRequest): SQL {
  if (rollupGrain(family, request) === 'partner') return sql`r.partner_id`;
  switch (request.groupBy) {
    case 'client':
      return sql`r.client_id`;
    case 'staff':
      return sql`r.user_id`;
    case 'activity':
      return sql`r.activity_type_id`;
    case 'partner':
      return sql`coalesce(c.responsible_partner_id, 0)`;
    default:
      throw new Error(`no rollup column for ${request.groupBy}`);
  }
}

/** FROM and WHERE over the rollup rows `r` of the request's period and filters. */
export function rollupSource(family: Family, request: ReportRequest): SQL {
  const grain = rollupGrain(family, request);
  const needsClient = (request.groupBy === 'partner' && grain !== 'partner') || request.partnerId !== undefined;
  const conditions = [
    sql`true`,
    ...(request.clientId !== undefined ? [sql`r.client_id = ${request.clientId}`] : []),
    ...(request.staffId !== undefined ? [sql`r.user_id = ${request.staffId}`] : []),
    ...(request.partnerId !== undefined ? [sql`c.responsible_partner_id = ${request.partnerId}`] : []),
  ];
  return sql`from ${periodRows(family, grain, request)} ${
    needsClient ? sql`join clients c on c.organization_id = r.organization_id and c.id = r.client_id` : sql``
  } where ${sql.join(conditions, sql` and `)}`;
}
