import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../ledger/rows';

export type DatedCredit = { date: string; cents: number };

/**
 * The lowest unapplied credit the client had on any date, counted as the aging counts it
 * (docs/decisions/0131): payments dated on or before D, less what they apply to invoices
 * issued on or before D, less refunds dated on or before D. An application never counts
 * before its payment, so the credit can only dip below zero through a refund dated before
 * the payment that funded it; the dates to look at are therefore the refund dates and the
 * issue dates (from the first refund on) of invoices that payments were applied to. Null
 * when the client has no refund: then no date can be below zero (docs/decisions/0132).
 */
export async function lowestDatedCredit(tx: Tx, organizationId: number, clientId: number): Promise<DatedCredit | null> {
  const rows = rowsOf<{ date: string; cents: string }>(
    await tx.execute(sql`
      with pays as (
        select id, payment_date, amount_cents from payments
        where organization_id = ${organizationId} and client_id = ${clientId} and status = 'active'
      ),
      applied as (
        select p.payment_date, i.issue_date, pa.amount_cents from payment_applications pa
        join pays p on p.id = pa.payment_id
        join invoices i on i.organization_id = pa.organization_id and i.id = pa.invoice_id
        where pa.organization_id = ${organizationId}
      ),
      refunded as (
        select refund_date, amount_cents from refunds
        where organization_id = ${organizationId} and client_id = ${clientId}
      ),
      dates as (
        select refund_date as d from refunded
        union
        select issue_date from applied where issue_date >= (select min(refund_date) from refunded)
      )
      select to_char(d, 'YYYY-MM-DD') as date, cents::text as cents from (
        select d,
          (select coalesce(sum(amount_cents), 0) from pays where payment_date <= d)
          - (select coalesce(sum(amount_cents), 0) from applied where payment_date <= d and issue_date <= d)
          - (select coalesce(sum(amount_cents), 0) from refunded where refund_date <= d) as cents
        from dates
      ) credit_on order by cents, d limit 1`),
  );
  const [lowest] = rows;
  return lowest ? { date: lowest.date, cents: Number(lowest.cents) } : null;
}
