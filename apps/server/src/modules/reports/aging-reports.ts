import { sql, type SQL } from 'drizzle-orm';
import type { ReportRow } from '@practice/shared';
import { withTenant, type Database, type Tx } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { EVERY_CLIENT, readAging } from '../ledger/ledger-aging';
import { rowsOf } from '../ledger/rows';
import { labelled } from './group-labels';
import { sumFigures } from './ratios';
import { pagedGroups, pageOfRows, type PagedRows } from './report-page';
import type { ReportRequest } from './report-query';

const AR_FIGURES = [
  'current_cents',
  'days_1_30_cents',
  'days_31_60_cents',
  'days_61_90_cents',
  'days_over_90_cents',
  'unapplied_cents',
  'balance_cents',
] as const;

/**
 * ar-aging: GET /ledger/aging as of `to`, the same statement and so the same figures (issue
 * 17); by client as it answers, or summed by the clients' responsible partner. By client in
 * name order (its own order, A to Z) it answers the page itself; any other order needs every
 * client with a balance, sorted here.
 */
export async function arAging(database: Database, actor: SessionUser, request: ReportRequest): Promise<PagedRows> {
  const byName = request.groupBy === 'client' && request.sort === 'label' && request.order === 'asc';
  const aging = await readAging(database, actor, {
    ...(byName ? { page: request.offset / request.limit + 1, page_size: request.limit } : EVERY_CLIENT),
    as_of: request.to,
    ...(request.clientId !== undefined ? { client_id: request.clientId } : {}),
    ...(request.partnerId !== undefined ? { partner_id: request.partnerId } : {}),
  });
  if (request.groupBy === 'client') {
    const rows: ReportRow[] = aging.items.map(({ client, client_id, ...figures }) => ({
      group: 'client',
      id: client_id,
      label: client.legal_name,
      code: client.client_id,
      ...figures,
    }));
    const totals: Record<string, number> = { ...aging.totals };
    return byName
      ? { rows, totals, total: aging.total }
      : { rows: pageOfRows(rows, request), totals, total: rows.length };
  }
  // A transaction of its own after the aging's: PGlite has one connection, so no nesting.
  return withTenant(database.db, request.organizationId, async (tx) => {
    const partners = await partnersOf(
      tx,
      request.organizationId,
      aging.items.map((item) => item.client_id),
    );
    const byPartner = new Map<number, Record<string, number>>();
    for (const item of aging.items) {
      const partner = partners.get(item.client_id) ?? 0;
      const sums = byPartner.get(partner) ?? Object.fromEntries(AR_FIGURES.map((name) => [name, 0]));
      for (const name of AR_FIGURES) sums[name]! += item[name];
      byPartner.set(partner, sums);
    }
    const rows = await labelled(
      tx,
      request.organizationId,
      'partner',
      [...byPartner].map(([group_id, sums]) => ({ group_id, ...sums })),
    );
    return { rows: pageOfRows(rows, request), totals: sumFigures(rows, AR_FIGURES), total: rows.length };
  });
}

async function partnersOf(tx: Tx, organizationId: number, clientIds: number[]): Promise<Map<number, number>> {
  if (clientIds.length === 0) return new Map();
  const rows = rowsOf<{ id: number; partner: number }>(
    await tx.execute(sql`select id, coalesce(responsible_partner_id, 0) as partner from clients
      where organization_id = ${organizationId} and id = any(${`{${clientIds.join(',')}}`}::int[])`),
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.partner)]));
}

const WIP_FIGURES = [
  'days_0_30_cents',
  'days_31_60_cents',
  'days_61_90_cents',
  'days_over_90_cents',
  'wip_cents',
] as const;

/** The four age buckets and the whole of `value` over rows `w` dated `day`, as of `asOf`. */
function wipBuckets(asOf: string, value: SQL, day: SQL): SQL {
  const age = sql`${asOf}::date - ${day}`;
  return sql`coalesce(sum(${value}) filter (where ${age} <= 30), 0) as days_0_30_cents,
    coalesce(sum(${value}) filter (where ${age} between 31 and 60), 0) as days_31_60_cents,
    coalesce(sum(${value}) filter (where ${age} between 61 and 90), 0) as days_61_90_cents,
    coalesce(sum(${value}) filter (where ${age} > 90), 0) as days_over_90_cents,
    coalesce(sum(${value}), 0) as wip_cents`;
}

/**
 * wip-aging: the unbilled WIP (completed billable time and expenses on no issued invoice, as
 * GET /clients/{id}/wip lists it) dated on or before `to`, by the age of the work on `to`. By
 * client or partner it reads the client-day rollup of migration 0050 (ADR 0184); by staff, or
 * with a staff filter, the items themselves.
 */
export async function wipAging(tx: Tx, request: ReportRequest): Promise<PagedRows> {
  if (request.groupBy === 'staff' || request.staffId !== undefined) return wipAgingOfItems(tx, request);
  const byPartner = request.groupBy === 'partner' || request.partnerId !== undefined;
  const grouped = sql`
    select ${request.groupBy === 'partner' ? sql`coalesce(c.responsible_partner_id, 0)` : sql`w.client_id`} as group_id,
      ${wipBuckets(request.to, sql`w.cents`, sql`w.day`)}
    from report_wip_days w
    ${byPartner ? sql`join clients c on c.organization_id = w.organization_id and c.id = w.client_id` : sql``}
    where w.organization_id = ${request.organizationId} and w.day <= ${request.to}::date
      ${request.clientId !== undefined ? sql`and w.client_id = ${request.clientId}` : sql``}
      ${request.partnerId !== undefined ? sql`and c.responsible_partner_id = ${request.partnerId}` : sql``}
    group by 1`;
  if (request.groupBy !== 'client' || request.clientId !== undefined || request.partnerId !== undefined) {
    return pagedGroups(tx, request, grouped, WIP_FIGURES);
  }
  // The whole firm by client: the firm's day rows give the totals and the count, and a page by
  // name may walk clients (report-page.ts).
  const totals = sql`select coalesce(sum(f.first_clients), 0) as total_rows,
      ${wipBuckets(request.to, sql`f.cents`, sql`f.day`)}
    from report_wip_firm_days f where f.organization_id = ${request.organizationId} and f.day <= ${request.to}::date`;
  return pagedGroups(
    tx,
    request,
    grouped,
    WIP_FIGURES,
    {},
    {
      totals,
      clientFigures: sql`select ${wipBuckets(request.to, sql`w.cents`, sql`w.day`)} from report_wip_days w
      where w.organization_id = ${request.organizationId} and w.client_id = l.id and w.day <= ${request.to}::date
      having count(*) > 0`,
    },
  );
}

/** wip-aging from the items themselves: by staff, or with a staff filter (the rollup has no person). */
async function wipAgingOfItems(tx: Tx, request: ReportRequest): Promise<PagedRows> {
  const group =
    request.groupBy === 'staff'
      ? sql`w.user_id`
      : request.groupBy === 'partner'
        ? sql`coalesce(c.responsible_partner_id, 0)`
        : sql`w.client_id`;
  const itemFilter = (alias: string) =>
    sql.join(
      [
        sql.raw(`${alias}.organization_id = `),
        sql`${request.organizationId}`,
        ...(request.clientId !== undefined ? [sql.raw(` and ${alias}.client_id = `), sql`${request.clientId}`] : []),
        ...(request.staffId !== undefined ? [sql.raw(` and ${alias}.user_id = `), sql`${request.staffId}`] : []),
      ],
      sql``,
    );
  return pagedGroups(
    tx,
    request,
    sql`
      select ${group} as group_id, ${wipBuckets(request.to, sql`w.value`, sql`w.day`)}
      from (
        select t.client_id, t.user_id, t.amount_cents::bigint as value, t.entry_date as day
        from time_entries t
        where ${itemFilter('t')} and t.status = 'completed' and t.billable and t.entry_date <= ${request.to}::date
        union all
        select e.client_id, e.user_id, e.total_cents::bigint, e.expense_date
        from expenses e
        where ${itemFilter('e')} and e.status = 'completed' and e.billable and e.expense_date <= ${request.to}::date
      ) w
      join clients c on c.organization_id = ${request.organizationId} and c.id = w.client_id
      ${request.partnerId !== undefined ? sql`where c.responsible_partner_id = ${request.partnerId}` : sql``}
      group by 1`,
    WIP_FIGURES,
  );
}
