import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { basisPoints } from './ratios';
import { basisPointsSql, pagedGroups, type PagedRows } from './report-page';
import type { ReportRequest } from './report-query';
import { groupColumn, rollupSource } from './rollup-grain';

const FIGURES = ['standard_cents', 'billed_cents', 'write_up_cents', 'write_down_cents', 'collected_cents'] as const;

function withRatios(totals: Record<string, number | null>) {
  return {
    ...totals,
    realization_bp: basisPoints(Number(totals.billed_cents), Number(totals.standard_cents)),
    collection_bp: basisPoints(Number(totals.collected_cents), Number(totals.billed_cents)),
  };
}

/**
 * realization over the invoices issued in the period (not void): billed / standard value of
 * their lines, with the write-ups and write-downs, and collected / billed, collected being what
 * payments applied to those invoices so far pay of their fees (migration 0039).
 */
export async function realization(tx: Tx, request: ReportRequest): Promise<PagedRows> {
  const answer = await pagedGroups(
    tx,
    request,
    sql`
      select ${groupColumn('billing', request)} as group_id, sum(r.standard_cents) as standard_cents,
        sum(r.billed_cents) as billed_cents, sum(r.write_up_cents) as write_up_cents,
        sum(r.write_down_cents) as write_down_cents, sum(r.collected_cents) as collected_cents
      ${rollupSource('billing', request)}
      group by 1 having sum(r.billed_cents) <> 0 or sum(r.standard_cents) <> 0`,
    FIGURES,
    {
      realization_bp: basisPointsSql(sql`g.billed_cents`, sql`g.standard_cents`),
      collection_bp: basisPointsSql(sql`g.collected_cents`, sql`g.billed_cents`),
    },
  );
  return { ...answer, totals: withRatios(answer.totals) };
}
