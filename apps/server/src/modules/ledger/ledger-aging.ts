import { sql } from 'drizzle-orm';
import { isoDate, recordIdText } from '@practice/shared';
import { z } from 'zod';
import { withTenant, type Db } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { readBillingSettings } from '../invoices/billing-settings';
import { rowsOf } from './rows';

export const agingQuery = z.object({
  as_of: z.optional(isoDate('As of')),
  client_id: z.optional(recordIdText('Client must be a client id')),
  partner_id: z.optional(recordIdText('Partner must be a user id')),
});
export type AgingQuery = z.infer<typeof agingQuery>;

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

/**
 * GET /ledger/aging (API.md): open invoice balances by days past due as of a date, and the
 * client's unapplied credit, from what was dated on or before that date only:
 * - an invoice is open on D when issued on or before D and not voided on or before D (its
 *   `invoice_void` ledger row); its balance on D is its total less credit memos and write-offs
 *   dated on or before D, less the applications of payments dated on or before D;
 * - unapplied credit on D is minus (payments dated on or before D, less what they apply to
 *   invoices issued on or before D, less refunds dated on or before D).
 * Payment voids and edits are dated as the payment was (docs/decisions/0130), so the stored
 * payments are the ones that stood on D, and buckets + unapplied = the ledger balance on D.
 */
export async function readAging(
  db: Db,
  actor: SessionUser,
  query: AgingQuery,
): Promise<{ as_of: string; items: AgingItem[]; totals: Figures }> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const asOf = query.as_of ?? (await readBillingSettings(tx, organizationId)).today;
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
    const totals = Object.fromEntries(FIGURES.map((name) => [name, 0])) as Figures;
    const items = rows.map((row) => {
      const figures = Object.fromEntries(FIGURES.slice(0, 6).map((name) => [name, Number(row[name])])) as Figures;
      figures.balance_cents =
        figures.current_cents +
        figures.days_1_30_cents +
        figures.days_31_60_cents +
        figures.days_61_90_cents +
        figures.days_over_90_cents +
        figures.unapplied_cents;
      for (const name of FIGURES) totals[name] += figures[name];
      const clientId = Number(row.client_id);
      return {
        client_id: clientId,
        client: { id: clientId, client_id: String(row.code), legal_name: String(row.legal_name) },
        ...figures,
      };
    });
    return { as_of: asOf, items, totals };
  });
}
