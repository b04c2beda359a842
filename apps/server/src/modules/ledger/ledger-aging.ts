import { sql, type SQL } from 'drizzle-orm';
import { isoDate, recordIdText } from '@practice/shared';
import { z } from 'zod';
import { withTenant, type Database, type Tx } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { readBillingSettings } from '../invoices/billing-settings';
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

type CurrentRow = {
  as_of: string;
  current: boolean;
  total: number;
  totals: FigureRow;
  items: FigureRow[] | null;
};

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
 * The aging as of any date (ADR 0131): open invoice balances by days past due, and each
 * client's unapplied credit, from what was dated on or before that date only:
 * - an invoice is open on D when issued on or before D and not voided on or before D (its
 *   `invoice_void` ledger row); its balance on D is its total less credit memos and write-offs
 *   dated on or before D, less the applications of payments dated on or before D;
 * - unapplied credit on D is minus (payments dated on or before D, less what they apply to
 *   invoices issued on or before D, less refunds dated on or before D).
 * Payment voids and edits are dated as the payment was (docs/decisions/0130), so the stored
 * payments are the ones that stood on D, and buckets + unapplied = the ledger balance on D.
 */
async function datedAging(tx: Tx, organizationId: number, query: AgingQuery, asOf: string): Promise<FigureRow[]> {
  const clientFilter = sql.join(
    [
      sql`c.organization_id = ${organizationId}`,
      ...(query.client_id ? [sql`c.id = ${query.client_id}`] : []),
      ...(query.partner_id ? [sql`c.responsible_partner_id = ${query.partner_id}`] : []),
    ],
    sql` and `,
  );
  const rows = rowsOf<Record<string, string | number>>(
    await tx.execute(sql`
        with chosen as (select c.id, c.code, c.legal_name from clients c where ${clientFilter}),
        open_invoices as (
          select i.client_id, ${asOf}::date - coalesce(i.due_date, i.issue_date) as late,
            i.total_cents
            - coalesce((select sum(a.amount_cents) from invoice_adjustments a
                where a.organization_id = i.organization_id and a.invoice_id = i.id
                  and a.adjustment_date <= ${asOf}::date), 0)
            - coalesce((select sum(pa.amount_cents) from payment_applications pa
                join payments p on p.organization_id = pa.organization_id and p.id = pa.payment_id
                where pa.organization_id = i.organization_id and pa.invoice_id = i.id
                  and p.payment_date <= ${asOf}::date), 0) as owed
          from invoices i join chosen on chosen.id = i.client_id
          where i.organization_id = ${organizationId} and i.status <> 'draft' and i.issue_date <= ${asOf}::date
            and not exists (select 1 from ar_ledger v where v.organization_id = i.organization_id
              and v.invoice_id = i.id and v.kind = 'invoice_void' and v.entry_date <= ${asOf}::date)
        ),
        buckets as (
          select client_id,
            sum(owed) filter (where late <= 0) as current_cents,
            sum(owed) filter (where late between 1 and 30) as days_1_30_cents,
            sum(owed) filter (where late between 31 and 60) as days_31_60_cents,
            sum(owed) filter (where late between 61 and 90) as days_61_90_cents,
            sum(owed) filter (where late > 90) as days_over_90_cents
          from open_invoices group by client_id
        ),
        credits as (
          select client_id, -sum(cents) as unapplied_cents from (
            select p.client_id, p.amount_cents
              - coalesce((select sum(pa.amount_cents) from payment_applications pa
                  join invoices i on i.organization_id = pa.organization_id and i.id = pa.invoice_id
                  where pa.organization_id = p.organization_id and pa.payment_id = p.id
                    and i.issue_date <= ${asOf}::date), 0) as cents
            from payments p join chosen on chosen.id = p.client_id
            where p.organization_id = ${organizationId} and p.status = 'active' and p.payment_date <= ${asOf}::date
            union all
            select r.client_id, -r.amount_cents from refunds r join chosen on chosen.id = r.client_id
            where r.organization_id = ${organizationId} and r.refund_date <= ${asOf}::date
          ) moves group by client_id
        )
        select chosen.id as client_id, chosen.code, chosen.legal_name,
          coalesce(b.current_cents, 0)::text as current_cents,
          coalesce(b.days_1_30_cents, 0)::text as days_1_30_cents,
          coalesce(b.days_31_60_cents, 0)::text as days_31_60_cents,
          coalesce(b.days_61_90_cents, 0)::text as days_61_90_cents,
          coalesce(b.days_over_90_cents, 0)::text as days_over_90_cents,
          coalesce(u.unapplied_cents, 0)::text as unapplied_cents
        from chosen
        left join buckets b on b.client_id = chosen.id
        left join credits u on u.client_id = chosen.id
        where coalesce(b.current_cents, 0) <> 0 or coalesce(b.days_1_30_cents, 0) <> 0
          or coalesce(b.days_31_60_cents, 0) <> 0 or coalesce(b.days_61_90_cents, 0) <> 0
          or coalesce(b.days_over_90_cents, 0) <> 0 or coalesce(u.unapplied_cents, 0) <> 0
        order by chosen.legal_name, chosen.id`),
  );
  return rows;
}

/**
 * GET /ledger/aging: a page of the clients with a balance (by name, as every list: API.md), and
 * `totals` of every such client. As of today (nothing dated later) from the stored balances
 * (currentAging); as of an earlier date from what was dated by then (datedAging). `exact`
 * makes the dated path answer any date: the tests compare the two.
 */
export async function readAging(
  database: Database,
  actor: SessionUser,
  query: AgingQuery,
  options: { exact?: boolean } = {},
): Promise<AgingAnswer> {
  const organizationId = actor.organizationId;
  const page = { page: query.page, page_size: query.page_size };
  if (!options.exact) {
    const current = await currentAging(database, organizationId, query);
    if (current?.current) {
      return {
        as_of: current.as_of,
        items: (current.items ?? []).map(itemOf),
        total: current.total,
        ...page,
        totals: figuresOf(current.totals),
      };
    }
  }
  return withTenant(database.db, organizationId, async (tx) => {
    const asOf = query.as_of ?? (await readBillingSettings(tx, organizationId)).today;
    const items = (await datedAging(tx, organizationId, query, asOf)).map(itemOf);
    const totals = Object.fromEntries(FIGURES.map((name) => [name, 0])) as Figures;
    for (const item of items) for (const name of FIGURES) totals[name] += item[name];
    const start = offsetOf(query);
    return { as_of: asOf, items: items.slice(start, start + query.page_size), total: items.length, ...page, totals };
  });
}
