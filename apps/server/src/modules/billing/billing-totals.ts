import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { likePattern, offsetOf, type PageRequest } from '../records/pagination';
import { periodBounds, type BillingExportQuery, type BillingQuery, type BillingSort } from './billing-query';

const FIGURES = ['unbilled_minutes', 'unbilled_cents', 'billed_cents', 'collected_cents', 'ar_balance_cents'] as const;
type Figures = Record<(typeof FIGURES)[number], number>;

export type BillingItem = {
  client_id: number;
  client: { id: number; client_id: string; legal_name: string };
} & Figures;

export type BillingTotals = {
  period: BillingQuery['period'] | null;
  /** The partner filtered by, named, so a page opened from a link can say whose clients it shows. */
  partner: { id: number; name: string } | null;
  from: string;
  to: string;
  as_of: string;
  items: BillingItem[];
  total: number;
  page: number;
  page_size: number;
  sort: BillingSort;
  order: 'asc' | 'desc';
  totals: Figures;
};

const SORT_COLUMNS: Record<BillingSort, string> = {
  client: 'legal_name',
  client_id: 'code',
  unbilled_minutes: 'unbilled_minutes',
  unbilled_cents: 'unbilled_cents',
  billed_cents: 'billed_cents',
  collected_cents: 'collected_cents',
  ar_balance_cents: 'ar_balance_cents',
};

type Row = Record<string, string | number | null>;

/** The firm's clients, or a search's matches through the trigram index (migration 0008), and the partner filter. */
function candidates(organizationId: number, query: BillingExportQuery): SQL {
  const partner = query.partner_id ? sql`where responsible_partner_id = ${query.partner_id}` : sql``;
  const clients = query.q
    ? sql`select id, code, legal_name, responsible_partner_id from client_list_matching(${likePattern(query.q)})`
    : sql`select id, code, legal_name, responsible_partner_id from clients where organization_id = ${organizationId}`;
  return sql`select id, code, legal_name from (${clients}) c ${partner}`;
}

function partnerName(organizationId: number, partnerId: number | undefined): SQL {
  if (!partnerId) return sql`null::text`;
  return sql`(select u.first_name || ' ' || u.last_name from users u
    where u.organization_id = ${organizationId} and u.id = ${partnerId})`;
}

/**
 * One client's figures, by index lookups (migration 0033): unbilled WIP now, billed and
 * collected in the period, the balance of its ledger rows less those dated after today.
 */
function clientFigures(organizationId: number, client: SQL): SQL {
  const days = sql`billing_client_days d where d.organization_id = ${organizationId} and d.client_id = ${client}`;
  return sql`select coalesce(w.minutes, 0) as unbilled_minutes, coalesce(w.cents, 0) as unbilled_cents,
      coalesce((select sum(d.billed_cents) from ${days} and d.day between (select from_day from bounds) and (select to_day from bounds)), 0) as billed_cents,
      coalesce((select sum(d.collected_cents) from ${days} and d.day between (select from_day from bounds) and (select to_day from bounds)), 0) as collected_cents,
      coalesce((select a.balance_cents from billing_client_ar a where a.organization_id = ${organizationId} and a.client_id = ${client}), 0)
        - coalesce((select sum(d.ledger_cents) from ${days} and d.day > (select today from day)), 0) as ar_balance_cents
    from (select 1) one
    left join billing_client_wip w on w.organization_id = ${organizationId} and w.client_id = ${client}`;
}

/**
 * The totals of every client the filters match. Without filters they are the firm's striped
 * rollups (a few hundred rows); with a search or a partner, the matching clients' own rows.
 */
function totalsOf(organizationId: number, query: BillingExportQuery): SQL {
  const period = sql`day between (select from_day from bounds) and (select to_day from bounds)`;
  const later = sql`day > (select today from day)`;
  if (!query.q && !query.partner_id) {
    return sql`select
      (select coalesce(sum(clients), 0) from client_status_counts where organization_id = ${organizationId})::int as total,
      (select coalesce(sum(minutes), 0) from billing_org_wip where organization_id = ${organizationId}) as t_unbilled_minutes,
      (select coalesce(sum(cents), 0) from billing_org_wip where organization_id = ${organizationId}) as t_unbilled_cents,
      (select coalesce(sum(billed_cents), 0) from billing_org_days where organization_id = ${organizationId} and ${period}) as t_billed_cents,
      (select coalesce(sum(collected_cents), 0) from billing_org_days where organization_id = ${organizationId} and ${period}) as t_collected_cents,
      (select coalesce(sum(balance_cents), 0) from billing_org_ar where organization_id = ${organizationId})
        - (select coalesce(sum(ledger_cents), 0) from billing_org_days where organization_id = ${organizationId} and ${later}) as t_ar_balance_cents`;
  }
  const mine = sql`organization_id = ${organizationId} and client_id in (select id from matches)`;
  return sql`select
    (select count(*) from matches)::int as total,
    (select coalesce(sum(minutes), 0) from billing_client_wip where ${mine}) as t_unbilled_minutes,
    (select coalesce(sum(cents), 0) from billing_client_wip where ${mine}) as t_unbilled_cents,
    (select coalesce(sum(billed_cents), 0) from billing_client_days where ${mine} and ${period}) as t_billed_cents,
    (select coalesce(sum(collected_cents), 0) from billing_client_days where ${mine} and ${period}) as t_collected_cents,
    (select coalesce(sum(balance_cents), 0) from billing_client_ar where ${mine})
      - (select coalesce(sum(ledger_cents), 0) from billing_client_days where ${mine} and ${later}) as t_ar_balance_cents`;
}

/**
 * The page's clients with their figures. By name or client ID the page is cut from the
 * clients first and only its rows are looked up; by a figure every matching client's
 * figures are worked out and sorted (no budget holds that sort at full scale: ADR 0138).
 */
function pageOf(organizationId: number, query: BillingExportQuery & PageRequest): SQL {
  const direction = sql.raw(query.order === 'desc' ? 'desc' : 'asc');
  const sortColumn = sql.raw(SORT_COLUMNS[query.sort]);
  const order = sql`order by ${sortColumn} ${direction}, legal_name ${direction}, id ${direction}`;
  const cut = sql`limit ${query.page_size} offset ${offsetOf(query)}`;
  const period = sql`d.day between (select from_day from bounds) and (select to_day from bounds)`;
  // Every matching client's figures: hash joins of whole rollups, not one lookup per client.
  const figures = sql`select m.id, m.code, m.legal_name,
      coalesce(w.minutes, 0) as unbilled_minutes, coalesce(w.cents, 0) as unbilled_cents,
      coalesce(p.billed, 0) as billed_cents, coalesce(p.collected, 0) as collected_cents,
      coalesce(a.balance_cents, 0) - coalesce(l.ledger, 0) as ar_balance_cents
    from matches m
    left join billing_client_wip w on w.organization_id = ${organizationId} and w.client_id = m.id
    left join billing_client_ar a on a.organization_id = ${organizationId} and a.client_id = m.id
    left join (select d.client_id, sum(d.billed_cents) as billed, sum(d.collected_cents) as collected
      from billing_client_days d where d.organization_id = ${organizationId} and ${period} group by d.client_id
    ) p on p.client_id = m.id
    left join (select d.client_id, sum(d.ledger_cents) as ledger
      from billing_client_days d where d.organization_id = ${organizationId} and d.day > (select today from day)
      group by d.client_id
    ) l on l.client_id = m.id`;
  if (query.sort === 'client' || query.sort === 'client_id') {
    return sql`select p.*, f.* from (select * from matches ${order} ${cut}) p
      cross join lateral (${clientFigures(organizationId, sql`p.id`)}) f`;
  }
  return sql`select * from (${figures}) all_figures ${order} ${cut}`;
}

/**
 * GET /billing (docs/decisions/0138): per client the unbilled WIP now, billed and collected
 * in the period and the AR balance today, read from the rollups of migration 0033, in one
 * statement. Every client the search and partner match is listed, as on the client list;
 * `total` and `totals` cover all of them, not only the page.
 */
export async function readBillingTotals(
  database: Database,
  actor: SessionUser,
  query: BillingExportQuery & PageRequest,
): Promise<BillingTotals> {
  const organizationId = actor.organizationId;
  const today = sql`(select today from day)`;
  const bounds = periodBounds(query, today);
  const direction = sql.raw(query.order === 'desc' ? 'desc' : 'asc');
  const sortColumn = sql.raw(SORT_COLUMNS[query.sort]);
  // Unfiltered, the page walks the clients' name index; filtered, the matches are found once.
  const filtered = Boolean(query.q || query.partner_id);
  const rows = await database.readAsTenant<Row>(
    organizationId,
    sql`
      with day as materialized (
        select (now() at time zone o.time_zone)::date as today from organizations o where o.id = ${organizationId}
      ),
      bounds as materialized (select ${bounds.from} as from_day, ${bounds.to} as to_day),
      matches as ${filtered ? sql`materialized` : sql`not materialized`} (${candidates(organizationId, query)})
      select to_char((select from_day from bounds), 'YYYY-MM-DD') as from_day,
             to_char((select to_day from bounds), 'YYYY-MM-DD') as to_day,
             to_char(${today}, 'YYYY-MM-DD') as today,
             ${partnerName(organizationId, query.partner_id)} as partner_name,
             counted.*, page.*
      from (${totalsOf(organizationId, query)}) counted
      left join lateral (${pageOf(organizationId, query)}) page on true
      order by page.${sortColumn} ${direction}, page.legal_name ${direction}, page.id ${direction}`,
  );
  const first = rows[0]!;
  const totals = Object.fromEntries(FIGURES.map((name) => [name, Number(first[`t_${name}`])])) as Figures;
  const items = rows
    .filter((row) => row.id !== null)
    .map((row) => {
      const clientId = Number(row.id);
      return {
        client_id: clientId,
        client: { id: clientId, client_id: String(row.code), legal_name: String(row.legal_name) },
        ...(Object.fromEntries(FIGURES.map((name) => [name, Number(row[name])])) as Figures),
      };
    });
  return {
    period: query.period ?? null,
    partner:
      query.partner_id && first.partner_name !== null
        ? { id: query.partner_id, name: String(first.partner_name) }
        : null,
    from: String(first.from_day),
    to: String(first.to_day),
    as_of: String(first.today),
    items,
    total: Number(first.total),
    page: query.page,
    page_size: query.page_size,
    sort: query.sort,
    order: query.order,
    totals,
  };
}
