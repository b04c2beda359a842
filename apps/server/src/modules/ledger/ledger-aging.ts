import { sql, type SQL } from 'drizzle-orm';
import { isoDate, recordIdText } from '@practice/shared';
import { z } from 'zod';
import { withTenant, type Database, type Tx } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { readBillingSettings } from '../invoices/billing-settings';
import { addDays } from '../time-entries/calendar';
import { offsetOf, pageQuery, type Page } from '../records/pagination';
import { rowsOf } from './rows';

export const agingQuery = z.object({
  ...pageQuery,
  as_of: z.optional(isoDate('As of')),
  client_id: z.optional(recordIdText('Client must be a client id')),
  partner_id: z.optional(recordIdText('Partner must be a user id')),
});
export type AgingQuery = z.infer<typeof agingQuery>;

/** The page that holds every client with a balance (the largest an int4 limit allows): for the CSV and reports. */
export const EVERY_CLIENT = { page: 1, page_size: 2_147_483_647 } as const;

const FIGURES = [
  'current_cents',
  'days_1_30_cents',
  'days_31_60_cents',
  'days_61_90_cents',
  'days_over_90_cents',
  'unapplied_cents',
  'balance_cents',
] as const;
type Figures = Record<(typeof FIGURES)[number], number>;
export type AgingItem = { client_id: number; client: { id: number; client_id: string; legal_name: string } } & Figures;
export type AgingAnswer = Page<AgingItem> & { as_of: string; totals: Figures };

type FigureRow = Record<string, string | number | null>;

/** The six stored figures of a row, and the balance they add up to. */
function figuresOf(row: FigureRow): Figures {
  const figures = Object.fromEntries(FIGURES.slice(0, 6).map((name) => [name, Number(row[name] ?? 0)])) as Figures;
  figures.balance_cents =
    figures.current_cents +
    figures.days_1_30_cents +
    figures.days_31_60_cents +
    figures.days_61_90_cents +
    figures.days_over_90_cents +
    figures.unapplied_cents;
  return figures;
}

function itemOf(row: FigureRow): AgingItem {
  const clientId = Number(row.client_id);
  return {
    client_id: clientId,
    client: { id: clientId, client_id: String(row.code), legal_name: String(row.legal_name) },
    ...figuresOf(row),
  };
}

/** The condition on `c` (clients) of the query's client or partner, or null for the whole firm. */
function clientCondition(query: AgingQuery): SQL | null {
  const parts = [
    ...(query.client_id ? [sql`c.id = ${query.client_id}`] : []),
    ...(query.partner_id ? [sql`c.responsible_partner_id = ${query.partner_id}`] : []),
  ];
  return parts.length === 0 ? null : sql.join(parts, sql` and `);
}

const bucketSums = (owed: SQL, late: SQL) => sql`
  coalesce(sum(${owed}) filter (where ${late} <= 0), 0)::text as current_cents,
  coalesce(sum(${owed}) filter (where ${late} between 1 and 30), 0)::text as days_1_30_cents,
  coalesce(sum(${owed}) filter (where ${late} between 31 and 60), 0)::text as days_31_60_cents,
  coalesce(sum(${owed}) filter (where ${late} between 61 and 90), 0)::text as days_61_90_cents,
  coalesce(sum(${owed}) filter (where ${late} > 90), 0)::text as days_over_90_cents`;

/** A page of the aging as the database's JSON answers give it. */
type AnswerRow = { as_of: string; total: number; totals: FigureRow; items: FigureRow[] | null };

type CurrentRow = AnswerRow & { current: boolean };

function answerOf(row: AnswerRow, query: AgingQuery): AgingAnswer {
  return {
    as_of: row.as_of,
    items: (row.items ?? []).map(itemOf),
    total: row.total,
    page: query.page,
    page_size: query.page_size,
    totals: figuresOf(row.totals),
  };
}

/**
 * The aging when nothing of the firm is dated after `as_of` (as of today, as a rule): then what
 * was dated by `as_of` is everything, and the stored balances are the answer (ADR 0140). The
 * clients that owe are the rows of client_open and client_credit (migration 0034, kept by
 * triggers); the page walks the clients by name and stops at its last; its buckets come from
 * those clients' open invoices; the firm's totals from firm_open_due (one row per due date and
 * stripe), or, for a client or partner, from the chosen clients' open invoices. The whole firm
 * is firm_aging (migration 0034), planned once per connection; a client or a partner, one
 * statement here. Either goes with the tenant settings in one round trip; `current` false
 * means a row is dated later and nothing is used.
 */
async function currentAging(
  database: Database,
  organizationId: number,
  query: AgingQuery,
): Promise<CurrentRow | undefined> {
  const org = organizationId;
  const condition = clientCondition(query);
  if (!condition) {
    const [firm] = await database.readAsTenant<{ answer: string }>(
      org,
      sql`select firm_aging(${org}, ${query.as_of ?? null}::date, ${query.page_size}, ${offsetOf(query)}) as answer`,
    );
    return firm ? (JSON.parse(firm.answer) as CurrentRow) : undefined;
  }
  const chosen = sql`and ${condition}`;
  // Scalar lookups by key, not EXISTS: the planner would hash all of client_open for an EXISTS
  // and walk no index; by key the walk by name stops at the page's last client.
  const owes = (client: SQL) => sql`(
    coalesce((select o.open_cents from client_open o where o.organization_id = ${org} and o.client_id = ${client}), 0) <> 0
    or coalesce((select k.credit_cents from client_credit k where k.organization_id = ${org}
      and k.client_id = ${client}), 0) <> 0)`;
  const asOf = sql`(select as_of from day)`;
  const openOf = (clients: SQL) => sql`
    select i.client_id, ${asOf} - coalesce(i.due_date, i.issue_date) as late, i.balance_cents as owed
    from invoices i
    where i.organization_id = ${org} and i.status in ('pending', 'partial') and i.client_id in (${clients})`;
  const total = sql`(select count(*)::int from clients c where c.organization_id = ${org} ${chosen}
    and ${owes(sql`c.id`)})`;
  const openTotals = sql`select ${bucketSums(sql`owed`, sql`late`)}
    from (${openOf(sql`select c.id from clients c where c.organization_id = ${org} ${chosen}`)}) chosen_open`;
  const creditTotal = sql`select coalesce(-sum(k.credit_cents), 0)::text from client_credit k join clients c
    on c.organization_id = k.organization_id and c.id = k.client_id where k.organization_id = ${org} ${chosen}`;
  const [row] = await database.readAsTenant<CurrentRow>(
    org,
    sql`
      with day as materialized (
        select coalesce(${query.as_of ?? null}::date, (now() at time zone o.time_zone)::date) as as_of
        from organizations o where o.id = ${org}
      ),
      page as materialized (
        select c.id, c.code, c.legal_name from clients c
        where c.organization_id = ${org} ${chosen} and ${owes(sql`c.id`)}
        order by c.legal_name, c.id limit ${query.page_size} offset ${offsetOf(query)}
      ),
      page_open as materialized (${openOf(sql`select id from page`)})
      select (select to_char(as_of, 'YYYY-MM-DD') from day) as as_of,
        (select coalesce(max(l.entry_date) <= ${asOf}, true) from ar_ledger l where l.organization_id = ${org})
          as current,
        ${total} as total,
        (select row_to_json(t) from (select b.*, (${creditTotal}) as unapplied_cents from (${openTotals}) b) t)
          as totals,
        (select json_agg(row_to_json(t) order by t.legal_name, t.client_id) from (
          select p.id as client_id, p.code, p.legal_name, f.*,
            (select coalesce(-sum(k.credit_cents), 0)::text from client_credit k
              where k.organization_id = ${org} and k.client_id = p.id) as unapplied_cents
          from page p, lateral (
            select ${bucketSums(sql`po.owed`, sql`po.late`)} from page_open po where po.client_id = p.id
          ) f
        ) t) as items`,
  );
  return row;
}

/**
 * The aging as of any date (ADR 0131), from what was dated on or before it: dated_aging
 * (migration 0049) ages every invoice, application, adjustment, payment and refund of the chosen
 * clients; here they get their codes and names, in name order.
 */
async function datedAging(tx: Tx, organizationId: number, query: AgingQuery, asOf: string): Promise<FigureRow[]> {
  const clients = query.client_id === undefined ? null : `{${query.client_id}}`;
  return rowsOf<FigureRow>(
    await tx.execute(sql`
      select d.*, c.code, c.legal_name
      from dated_aging(${organizationId}, ${asOf}::date, ${clients}::int[], ${query.partner_id ?? null}::int) d
      join clients c on c.organization_id = ${organizationId} and c.id = d.client_id
      order by c.legal_name, c.id`),
  );
}

function isMonthEnd(day: string): boolean {
  return addDays(day, 1).endsWith('-01');
}

/**
 * The aging as of a past month end, from the rows migration 0049 keeps (computed on the first
 * ask); undefined when the day is not before the firm's today.
 */
async function monthEndAging(
  database: Database,
  organizationId: number,
  query: AgingQuery,
  monthEnd: string,
): Promise<AnswerRow | undefined> {
  const [row] = await database.readAsTenant<{ answer: string | null }>(
    organizationId,
    sql`select month_end_aging(${organizationId}, ${monthEnd}::date, ${query.client_id ?? null}::int,
      ${query.partner_id ?? null}::int, ${query.page_size}, ${offsetOf(query)}) as answer`,
  );
  return row?.answer ? (JSON.parse(row.answer) as AnswerRow) : undefined;
}

/**
 * GET /ledger/aging: a page of the clients with a balance (by name, as every list: API.md), and
 * `totals` of every such client. As of a past month end from the kept month ends
 * (monthEndAging); as of today (nothing dated later) from the stored balances (currentAging);
 * as of another earlier date from what was dated by then (datedAging). `exact` makes the dated
 * path answer any date: the tests compare the others with it.
 */
export async function readAging(
  database: Database,
  actor: SessionUser,
  query: AgingQuery,
  options: { exact?: boolean } = {},
): Promise<AgingAnswer> {
  const organizationId = actor.organizationId;
  if (!options.exact && query.as_of !== undefined && isMonthEnd(query.as_of)) {
    const kept = await monthEndAging(database, organizationId, query, query.as_of);
    if (kept) return answerOf(kept, query);
  }
  if (!options.exact) {
    const current = await currentAging(database, organizationId, query);
    if (current?.current) return answerOf(current, query);
  }
  return withTenant(database.db, organizationId, async (tx) => {
    const asOf = query.as_of ?? (await readBillingSettings(tx, organizationId)).today;
    const items = (await datedAging(tx, organizationId, query, asOf)).map(itemOf);
    const totals = Object.fromEntries(FIGURES.map((name) => [name, 0])) as Figures;
    for (const item of items) for (const name of FIGURES) totals[name] += item[name];
    const start = offsetOf(query);
    return {
      as_of: asOf,
      items: items.slice(start, start + query.page_size),
      total: items.length,
      page: query.page,
      page_size: query.page_size,
      totals,
    };
  });
}
