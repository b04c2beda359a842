import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../ledger/rows';
import { labelled } from './group-labels';
import { basisPoints, sumFigures } from './ratios';
import type { ReportRequest } from './report-query';
import { groupColumn, rollupSource } from './rollup-grain';
import type { Figures } from './time-reports';

const FIGURES = ['standard_cents', 'billed_cents', 'write_up_cents', 'write_down_cents', 'collected_cents'] as const;

function withRatios<Row extends Record<string, unknown>>(row: Row) {
  return {
    ...row,
    realization_bp: basisPoints(Number(row.billed_cents), Number(row.standard_cents)),
    collection_bp: basisPoints(Number(row.collected_cents), Number(row.billed_cents)),
  };
}

/**
 * realization over the invoices issued in the period (not void): billed / standard value of
 * their lines, with the write-ups and write-downs, and collected / billed, collected being what
 * payments applied to those invoices so far pay of their fees (migration 0039).
 */
export async function realization(tx: Tx, request: ReportRequest): Promise<Figures> {
  const figures = rowsOf<{ group_id: number }>(
    await tx.execute(sql`
      select ${groupColumn(request.groupBy)} as group_id, sum(r.standard_cents) as standard_cents,
        sum(r.billed_cents) as billed_cents, sum(r.write_up_cents) as write_up_cents,
        sum(r.write_down_cents) as write_down_cents, sum(r.collected_cents) as collected_cents
      ${rollupSource('billing', request)}
      group by 1 having sum(r.billed_cents) <> 0 or sum(r.standard_cents) <> 0`),
  );
  const rows = await labelled(tx, request.organizationId, request.groupBy, figures.map(withRatios));
  return { rows, totals: withRatios(sumFigures(rows, FIGURES)) };
}
