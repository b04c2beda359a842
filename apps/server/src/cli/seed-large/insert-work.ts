import type pg from 'pg';
import { ACTIVITY_CATALOG, EXPENSE_KINDS, RETURN_CODE_OF, RETURN_CODES, rateSteps } from './activity-catalog';
import type { PortfolioSlot, StoredClient } from './assignments';
import type { RateChangeDays } from './insert-activity-types';
import type { StoredUser } from './insert-people';
import { addDays } from '../../modules/time-entries/calendar';
import { DRAFT_WINDOW_DAYS, PORTFOLIO_SIZE, TIMEKEEPER_ROLES, type SeedPlan } from './plan';

/** Weighted choices become a lookup table of this many buckets, so 10 million picks are one hash join. */
const ACTIVITY_BUCKETS = 1000;
const EXPENSE_BUCKETS = 100;
const LIST_SEPARATOR = '|';
const MARKUP_BASIS_POINTS = 1000;

export type WorkContext = {
  organizationId: number;
  timeZone: string;
  plan: SeedPlan;
  rateChanges: RateChangeDays;
};

function buckets<T>(items: { weight: number; value: T }[], count: number): T[] {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  return Array.from({ length: count }, (_, bucket) => {
    let point = ((bucket + 0.5) / count) * total;
    for (const item of items) {
      point -= item.weight;
      if (point < 0) return item.value;
    }
    return items[items.length - 1]!.value;
  });
}

/**
 * Small lookup tables for the generator, dropped at commit: the days, the timekeepers and
 * their portfolios, each client's return type, the weighted activity and expense choices and
 * each activity's rate on both sides of its two dated rises.
 */
export async function createWorkTables(
  client: pg.ClientBase,
  context: WorkContext,
  users: StoredUser[],
  clients: StoredClient[],
  portfolios: PortfolioSlot[],
  activityIds: Map<string, number>,
): Promise<void> {
  const timekeepers = users.filter((user) => TIMEKEEPER_ROLES.includes(user.roleName));
  const activityBuckets = buckets(
    ACTIVITY_CATALOG.map((activity) => ({ weight: activity.weight, value: activity })),
    ACTIVITY_BUCKETS,
  );
  const expenseBuckets = buckets(
    EXPENSE_KINDS.map((kind) => ({ weight: kind.weight, value: kind })),
    EXPENSE_BUCKETS,
  );
  const statements: [string, unknown[]][] = [
    ['create temp table seed_days (day date primary key) on commit drop', []],
    ['insert into seed_days select unnest($1::date[])', [context.plan.workdays]],
    ['create temp table seed_timekeepers (user_id int primary key, rate_cents int not null) on commit drop', []],
    [
      'insert into seed_timekeepers select * from unnest($1::int[], $2::int[])',
      [timekeepers.map((user) => user.id), timekeepers.map((user) => user.standardRateCents)],
    ],
    [
      'create temp table seed_portfolio (user_id int, slot int, client_id int not null, primary key (user_id, slot)) on commit drop',
      [],
    ],
    [
      'insert into seed_portfolio select * from unnest($1::int[], $2::int[], $3::int[])',
      [portfolios.map((row) => row.userId), portfolios.map((row) => row.slot), portfolios.map((row) => row.clientId)],
    ],
    [
      `create temp table seed_clients (client_id int primary key, return_activity_id int not null, tax_only boolean not null)
       on commit drop`,
      [],
    ],
    [
      'insert into seed_clients select * from unnest($1::int[], $2::int[], $3::boolean[])',
      [
        clients.map((entry) => entry.id),
        clients.map((entry) => activityIds.get(RETURN_CODE_OF[entry.entityType])!),
        clients.map((entry) => entry.taxOnly),
      ],
    ],
    [
      `create temp table seed_buckets (bucket int primary key, activity_type_id int not null, line text not null,
         is_return boolean not null) on commit drop`,
      [],
    ],
    [
      'insert into seed_buckets select * from unnest($1::int[], $2::int[], $3::text[], $4::boolean[])',
      [
        activityBuckets.map((_, bucket) => bucket),
        activityBuckets.map((activity) => activityIds.get(activity.code)!),
        activityBuckets.map((activity) => activity.line),
        activityBuckets.map((activity) => RETURN_CODES.has(activity.code)),
      ],
    ],
    [
      `create temp table seed_activities (activity_type_id int primary key, billable boolean not null,
         r0 int, r1 int, r2 int, narratives text[] not null) on commit drop`,
      [],
    ],
    [
      `insert into seed_activities
       select a.id, a.billable, a.r0, a.r1, a.r2, string_to_array(a.narratives, '${LIST_SEPARATOR}')
       from unnest($1::int[], $2::boolean[], $3::int[], $4::int[], $5::int[], $6::text[])
         as a(id, billable, r0, r1, r2, narratives)`,
      [
        ACTIVITY_CATALOG.map((activity) => activityIds.get(activity.code)!),
        ACTIVITY_CATALOG.map((activity) => activity.billable),
        ...[0, 1, 2].map((step) =>
          ACTIVITY_CATALOG.map((activity) =>
            activity.rateCents === null ? null : rateSteps(activity.rateCents)[step],
          ),
        ),
        ACTIVITY_CATALOG.map((activity) => activity.narratives.join(LIST_SEPARATOR)),
      ],
    ],
    [
      `create temp table seed_expense_buckets (bucket int primary key, category text not null, min_cents int not null,
         steps int not null, step_cents int not null, descriptions text[] not null) on commit drop`,
      [],
    ],
    [
      `insert into seed_expense_buckets
       select e.bucket, e.category, e.min_cents, e.steps, e.step_cents, string_to_array(e.descriptions, '${LIST_SEPARATOR}')
       from unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[], $6::text[])
         as e(bucket, category, min_cents, steps, step_cents, descriptions)`,
      [
        expenseBuckets.map((_, bucket) => bucket),
        expenseBuckets.map((kind) => kind.category),
        expenseBuckets.map((kind) => kind.minCents),
        expenseBuckets.map((kind) => Math.floor((kind.maxCents - kind.minCents) / kind.stepCents) + 1),
        expenseBuckets.map((kind) => kind.stepCents),
        expenseBuckets.map((kind) => kind.descriptions.join(LIST_SEPARATOR)),
      ],
    ],
    [
      'analyze seed_days, seed_timekeepers, seed_portfolio, seed_clients, seed_buckets, seed_activities, seed_expense_buckets',
      [],
    ],
  ];
  for (const [text, values] of statements) await client.query(text, values);
}

/**
 * One month of time entries, in the order they would have been saved. Completed billable
 * entries of a billed period (seed_invoice_months, $10 is the month's index) are billed on
 * that period's invoice; the rest stay in WIP. Per timekeeper and
 * working day a count around the plan's mean; each entry goes to a client of his portfolio,
 * a weighted service code (a return is always the client's own return type, a tax-only
 * client gets tax work only), 6-minute multiples, and the rate the rates module resolves
 * for that day: the client's override, else the activity's dated rate, else the
 * timekeeper's own; amount = floor((rate x minutes + 30) / 60) as time-math.ts computes it.
 */
const TIME_ENTRIES_OF_DAYS = `
with people_days as materialized (
  select d.day, k.user_id, k.rate_cents as user_rate, floor($6::float8 + random() * $7::float8)::int as entries
  from seed_days d cross join seed_timekeepers k
  where d.day between $2 and $3
), picks as materialized (
  select pd.day, pd.user_id, pd.user_rate,
    floor(random() * ${PORTFOLIO_SIZE})::int as slot,
    floor(random() * ${ACTIVITY_BUCKETS})::int as bucket,
    6 * (1 + floor(32 * random() ^ 2)::int) as minutes,
    random() as narrative_pick, random() as billable_pick, random() as status_pick, random() as clock_pick
  from people_days pd cross join lateral generate_series(1, pd.entries) as n
), placed as (
  select p.*, f.client_id,
    case when b.is_return or (c.tax_only and b.line not in ('tax', 'general')) then c.return_activity_id
      else b.activity_type_id end as activity_type_id
  from picks p
  join seed_portfolio f on f.user_id = p.user_id and f.slot = p.slot
  join seed_clients c on c.client_id = f.client_id
  join seed_buckets b on b.bucket = p.bucket
)
insert into time_entries (organization_id, user_id, client_id, activity_type_id, entry_date, minutes, narrative,
  billable, status, invoice_id, rate_cents, rate_source, amount_cents, created_by, created_at, updated_at)
select $1, w.user_id, w.client_id, w.activity_type_id, w.day, w.minutes,
  replace(a.narratives[1 + floor(w.narrative_pick * cardinality(a.narratives))::int], '{month}',
    to_char(w.day - interval '1 month', 'FMMonth YYYY')),
  s.billable,
  case when billed.invoice_id is not null then 'billed' else s.status end,
  billed.invoice_id,
  coalesce(o.rate_cents, ar.rate_cents, w.user_rate),
  case when o.rate_cents is not null then 'client' when ar.rate_cents is not null then 'activity' else 'user' end,
  (coalesce(o.rate_cents, ar.rate_cents, w.user_rate) * w.minutes + 30) / 60,
  w.user_id,
  (w.day + time '08:30' + w.clock_pick * interval '10 hours') at time zone $5,
  (w.day + time '08:30' + w.clock_pick * interval '10 hours') at time zone $5
from placed w
join seed_activities a on a.activity_type_id = w.activity_type_id
cross join lateral (
  select case when w.day >= $8::date then a.r2 when w.day >= $9::date then a.r1 else a.r0 end as rate_cents
) ar
cross join lateral (
  select a.billable and w.billable_pick >= 0.03 as billable,
    case when w.day < $4::date or w.status_pick < 0.7 then 'completed' else 'draft' end as status
) s
left join seed_invoice_months billed on billed.month_index = $10 and billed.client_id = w.client_id
  and s.billable and s.status = 'completed'
left join client_activity_rates o on o.organization_id = $1 and o.client_id = w.client_id
  and o.activity_type_id = w.activity_type_id and o.effective_from <= w.day
order by w.day, w.clock_pick`;

/**
 * About one expense per 20 entries: a timekeeper's chance of one per working day, amounts by
 * category, a 10% markup on a fifth of the billable ones; total = amount + floor((amount x
 * basis points + 5000) / 10000) as the expenses service computes it.
 */
const EXPENSES_OF_DAYS = `
with picks as materialized (
  select d.day, k.user_id,
    floor(random() * ${PORTFOLIO_SIZE})::int as slot,
    floor(random() * ${EXPENSE_BUCKETS})::int as bucket,
    random() as description_pick, random() as amount_pick, random() as billable_pick, random() as markup_pick,
    random() as status_pick, random() as clock_pick
  from seed_days d cross join seed_timekeepers k
  where d.day between $2 and $3 and random() < $6::float8
), priced as (
  select p.user_id, f.client_id, p.day, e.category, p.status_pick, p.billable_pick >= 0.1 as billable,
    case when p.billable_pick >= 0.1 and p.markup_pick < 0.2 then ${MARKUP_BASIS_POINTS} else 0 end as markup,
    e.descriptions[1 + floor(p.description_pick * cardinality(e.descriptions))::int] as description,
    e.min_cents + floor(p.amount_pick * e.steps)::int * e.step_cents as amount_cents,
    (p.day + time '08:30' + p.clock_pick * interval '10 hours') at time zone $5 as created_at
  from picks p
  join seed_portfolio f on f.user_id = p.user_id and f.slot = p.slot
  join seed_expense_buckets e on e.bucket = p.bucket
)
insert into expenses (organization_id, user_id, client_id, expense_date, category, description, amount_cents, billable,
  markup_basis_points, total_cents, status, invoice_id, created_by, created_at, updated_at)
select $1, x.user_id, x.client_id, x.day, x.category, x.description, x.amount_cents, x.billable, x.markup,
  x.amount_cents + (x.amount_cents * x.markup + 5000) / 10000,
  case when billed.invoice_id is not null then 'billed' else s.status end,
  billed.invoice_id,
  x.user_id, x.created_at, x.created_at
from priced x
cross join lateral (
  select case when x.day < $4::date or x.status_pick < 0.7 then 'completed' else 'draft' end as status
) s
left join seed_invoice_months billed on billed.month_index = $7 and billed.client_id = x.client_id
  and x.billable and s.status = 'completed'
order by x.day, x.created_at`;

/** The history in calendar months: one statement per month keeps each one short and shows progress. */
export function monthsOf(workdays: string[]): { from: string; to: string }[] {
  const months = new Map<string, { from: string; to: string }>();
  for (const day of workdays) {
    const month = months.get(day.slice(0, 7));
    if (month) month.to = day;
    else months.set(day.slice(0, 7), { from: day, to: day });
  }
  return [...months.values()];
}

export type WorkCounts = { timeEntries: number; expenses: number };

export async function insertWork(
  client: pg.ClientBase,
  context: WorkContext,
  onMonth: (done: number, total: number, counts: WorkCounts) => void,
): Promise<WorkCounts> {
  const { organizationId, timeZone, plan, rateChanges } = context;
  const draftsFrom = addDays(plan.lastDay, -DRAFT_WINDOW_DAYS);
  const mean = plan.entriesPerWorkday;
  const counts: WorkCounts = { timeEntries: 0, expenses: 0 };
  const months = monthsOf(plan.workdays);
  for (const [index, month] of months.entries()) {
    const common = [organizationId, month.from, month.to, draftsFrom, timeZone];
    // A count drawn evenly from [mean/2, 3 mean/2) has the plan's mean.
    const entries = await client.query(TIME_ENTRIES_OF_DAYS, [
      ...common,
      mean / 2,
      mean + 1,
      rateChanges.second,
      rateChanges.first,
      index,
    ]);
    const expenses = await client.query(EXPENSES_OF_DAYS, [...common, plan.expenseChancePerWorkday, index]);
    counts.timeEntries += entries.rowCount ?? 0;
    counts.expenses += expenses.rowCount ?? 0;
    onMonth(index + 1, months.length, counts);
  }
  return counts;
}
