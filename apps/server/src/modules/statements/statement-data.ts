import { and, eq, sql } from 'drizzle-orm';
import { cityLineOf, STATEMENT_DEFAULT_DAYS, type PaymentMethod } from '@practice/shared';
import type { Tx } from '../../db/client';
import { clients } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { addDays, readBillingSettings, type BillingSettings } from '../invoices/billing-settings';
import { rowsOf } from '../ledger/rows';

export type StatementInvoice = {
  id: number;
  number: string;
  issue_date: string;
  due_date: string;
  total_cents: number;
  balance_cents: number;
  days_past_due: number;
};
export type StatementPayment = {
  id: number;
  payment_date: string;
  method: PaymentMethod;
  reference: string;
  amount_cents: number;
};
export type StatementAging = {
  current_cents: number;
  days_1_30_cents: number;
  days_31_60_cents: number;
  days_61_90_cents: number;
  days_over_90_cents: number;
  unapplied_cents: number;
  balance_cents: number;
};
export type StatementData = {
  as_of: string;
  /** Payments dated after this day (the last e-mailed statement's date, else 90 days back) are listed. */
  payments_after: string;
  since_last_statement: boolean;
  client: {
    id: number;
    client_id: string;
    legal_name: string;
    address: string[];
    invoice_email: string | null;
  };
  firm: Pick<BillingSettings, 'name' | 'primaryColor' | 'remitTo' | 'invoiceFooter'>;
  invoices: StatementInvoice[];
  payments: StatementPayment[];
  aging: StatementAging;
};

/** The bucket of an open balance by days past due, as GET /ledger/aging draws them (ADR 0131). */
function bucketOf(daysPastDue: number): keyof Omit<StatementAging, 'unapplied_cents' | 'balance_cents'> {
  if (daysPastDue <= 0) return 'current_cents';
  if (daysPastDue <= 30) return 'days_1_30_cents';
  if (daysPastDue <= 60) return 'days_31_60_cents';
  if (daysPastDue <= 90) return 'days_61_90_cents';
  return 'days_over_90_cents';
}

/**
 * What a client's statement as of a date shows, read in one transaction from what was dated
 * on or before that date (the rules of ADR 0131): each open invoice's balance on the date, the
 * aging buckets summed from those balances, the unapplied credit, and the payments after the
 * last e-mailed statement dated before this one (ADR 0136). The balance due is buckets +
 * unapplied credit, which is the ledger balance on the date.
 */
export async function readStatementData(
  tx: Tx,
  organizationId: number,
  clientId: number,
  asOfWanted: string | undefined,
): Promise<StatementData> {
  const settings = await readBillingSettings(tx, organizationId);
  const asOf = asOfWanted ?? settings.today;
  const [client] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), eq(clients.id, clientId)));
  if (!client) throw notFound('Client not found');

  const invoiceRows = rowsOf<Record<string, string>>(
    await tx.execute(sql`
      select * from (
        select i.id::text as id, i.number, to_char(i.issue_date, 'YYYY-MM-DD') as issue_date,
          to_char(coalesce(i.due_date, i.issue_date), 'YYYY-MM-DD') as due_date,
          (${asOf}::date - coalesce(i.due_date, i.issue_date))::text as days_past_due,
          i.total_cents::text as total_cents,
          (i.total_cents
            - coalesce((select sum(a.amount_cents) from invoice_adjustments a
                where a.organization_id = i.organization_id and a.invoice_id = i.id
                  and a.adjustment_date <= ${asOf}::date), 0)
            - coalesce((select sum(pa.amount_cents) from payment_applications pa
                join payments p on p.organization_id = pa.organization_id and p.id = pa.payment_id
                where pa.organization_id = i.organization_id and pa.invoice_id = i.id
                  and p.payment_date <= ${asOf}::date), 0))::text as balance_cents
        from invoices i
        where i.organization_id = ${organizationId} and i.client_id = ${clientId} and i.status <> 'draft'
          and i.issue_date <= ${asOf}::date
          and not exists (select 1 from ar_ledger v where v.organization_id = i.organization_id
            and v.invoice_id = i.id and v.kind = 'invoice_void' and v.entry_date <= ${asOf}::date)
      ) open where balance_cents::bigint <> 0
      order by due_date, number`),
  );
  const [credit] = rowsOf<{ cents: string }>(
    await tx.execute(sql`
      select (-coalesce(sum(cents), 0))::text as cents from (
        select p.amount_cents
          - coalesce((select sum(pa.amount_cents) from payment_applications pa
              join invoices i on i.organization_id = pa.organization_id and i.id = pa.invoice_id
              where pa.organization_id = p.organization_id and pa.payment_id = p.id
                and i.issue_date <= ${asOf}::date), 0) as cents
        from payments p
        where p.organization_id = ${organizationId} and p.client_id = ${clientId} and p.status = 'active'
          and p.payment_date <= ${asOf}::date
        union all
        select -r.amount_cents from refunds r
        where r.organization_id = ${organizationId} and r.client_id = ${clientId} and r.refund_date <= ${asOf}::date
      ) moves`),
  );
  const [last] = rowsOf<{ as_of: string | null }>(
    await tx.execute(sql`
      select to_char(max(s.as_of), 'YYYY-MM-DD') as as_of from client_statements s
      where s.organization_id = ${organizationId} and s.client_id = ${clientId} and s.as_of < ${asOf}::date`),
  );
  const paymentsAfter = last?.as_of ?? addDays(asOf, -STATEMENT_DEFAULT_DAYS);
  const paymentRows = rowsOf<Record<string, string>>(
    await tx.execute(sql`
      select p.id::text as id, to_char(p.payment_date, 'YYYY-MM-DD') as payment_date, p.method, p.reference,
        p.amount_cents::text as amount_cents
      from payments p
      where p.organization_id = ${organizationId} and p.client_id = ${clientId} and p.status = 'active'
        and p.payment_date > ${paymentsAfter}::date and p.payment_date <= ${asOf}::date
      order by p.payment_date, p.id`),
  );

  const invoices = invoiceRows.map((row) => ({
    id: Number(row.id),
    number: row.number!,
    issue_date: row.issue_date!,
    due_date: row.due_date!,
    total_cents: Number(row.total_cents),
    balance_cents: Number(row.balance_cents),
    days_past_due: Number(row.days_past_due),
  }));
  const aging: StatementAging = {
    current_cents: 0,
    days_1_30_cents: 0,
    days_31_60_cents: 0,
    days_61_90_cents: 0,
    days_over_90_cents: 0,
    unapplied_cents: Number(credit?.cents ?? 0),
    balance_cents: 0,
  };
  for (const invoice of invoices) aging[bucketOf(invoice.days_past_due)] += invoice.balance_cents;
  aging.balance_cents =
    aging.current_cents +
    aging.days_1_30_cents +
    aging.days_31_60_cents +
    aging.days_61_90_cents +
    aging.days_over_90_cents +
    aging.unapplied_cents;
  const cityLine = cityLineOf(client.city, client.region, client.postalCode);
  return {
    as_of: asOf,
    payments_after: paymentsAfter,
    since_last_statement: Boolean(last?.as_of),
    client: {
      id: client.id,
      client_id: client.code,
      legal_name: client.legalName,
      address: [client.addressLine1, client.addressLine2, cityLine].filter((line): line is string => Boolean(line)),
      invoice_email: client.invoiceEmail,
    },
    firm: {
      name: settings.name,
      primaryColor: settings.primaryColor,
      remitTo: settings.remitTo,
      invoiceFooter: settings.invoiceFooter,
    },
    invoices,
    payments: paymentRows.map((row) => ({
      id: Number(row.id),
      payment_date: row.payment_date!,
      method: row.method as PaymentMethod,
      reference: row.reference!,
      amount_cents: Number(row.amount_cents),
    })),
    aging,
  };
}
