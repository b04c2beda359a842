import { sql } from 'drizzle-orm';
import type { Session, TestApp } from './test-app';
import { expectStatus, ownerRows } from './work-records';

export type InvoiceBody = {
  id: number;
  number: string;
  status: string;
  total_cents: number;
  applied_cents: number;
  balance_cents: number;
  version: number;
};

/** An issued invoice of one fixed fee, dated and due as asked. */
export async function issuedInvoice(
  session: Session,
  clientId: number,
  amountCents: number,
  dates: { issue_date?: string; due_date?: string } = {},
): Promise<InvoiceBody> {
  const issueDate = dates.issue_date ?? '2026-09-01';
  const draft = await session.request({
    method: 'POST',
    url: '/invoices',
    payload: {
      client_id: clientId,
      issue_date: issueDate,
      due_date: dates.due_date ?? issueDate,
      fixed_fees: [{ description: 'Advisory', amount_cents: amountCents }],
    },
  });
  expectStatus(draft, 201);
  const issued = await session.request({ method: 'POST', url: `/invoices/${draft.json().id}/issue` });
  expectStatus(issued, 200);
  return issued.json();
}

export async function invoiceOf(session: Session, id: number): Promise<InvoiceBody> {
  const response = await session.request({ url: `/invoices/${id}` });
  expectStatus(response, 200);
  return response.json();
}

export type LedgerRowBody = {
  kind: string;
  debit_cents: number;
  credit_cents: number;
  entry_date: string;
  memo: string;
};

/** A client's AR journal as stored, oldest first. */
export async function ledgerRowsOf(testApp: TestApp, clientId: number): Promise<LedgerRowBody[]> {
  return ownerRows<LedgerRowBody>(
    testApp,
    sql`select kind, debit_cents::int as debit_cents, credit_cents::int as credit_cents,
          to_char(entry_date, 'YYYY-MM-DD') as entry_date, memo
        from ar_ledger where client_id = ${clientId} order by id`,
  );
}

export type ClientFigures = {
  ledger: number;
  fromDocuments: number;
  openBalances: number;
  unapplied: number;
  invoiceAppliedMismatches: number;
  paymentAppliedMismatches: number;
  overApplied: number;
};

/**
 * PRODUCT.md's invariants for one client, each figure computed on its own from the stored
 * rows: the ledger alone; the documents (issued non-void invoice totals - payments - credit
 * memos - write-offs + refunds); open invoice balances; unapplied credit; and the stored
 * applied totals against the sums of the applications.
 */
export async function clientFigures(testApp: TestApp, clientId: number): Promise<ClientFigures> {
  const [row] = await ownerRows<Record<keyof ClientFigures, string>>(
    testApp,
    sql`select
      (select coalesce(sum(debit_cents - credit_cents), 0) from ar_ledger where client_id = ${clientId})::text as ledger,
      ((select coalesce(sum(total_cents), 0) from invoices where client_id = ${clientId} and status not in ('draft', 'void'))
        - (select coalesce(sum(amount_cents), 0) from payments where client_id = ${clientId} and status = 'active')
        - (select coalesce(sum(a.amount_cents), 0) from invoice_adjustments a join invoices i
             on i.organization_id = a.organization_id and i.id = a.invoice_id
           where a.client_id = ${clientId} and i.status <> 'void')
        + (select coalesce(sum(amount_cents), 0) from refunds where client_id = ${clientId}))::text as "fromDocuments",
      (select coalesce(sum(balance_cents), 0) from invoices where client_id = ${clientId} and status in ('pending', 'partial', 'paid'))::text as "openBalances",
      ((select coalesce(sum(amount_cents - applied_cents), 0) from payments where client_id = ${clientId} and status = 'active')
        - (select coalesce(sum(amount_cents), 0) from refunds where client_id = ${clientId}))::text as unapplied,
      (select count(*) from invoices i where client_id = ${clientId} and applied_cents <>
        (select coalesce(sum(amount_cents), 0) from payment_applications pa
         where pa.organization_id = i.organization_id and pa.invoice_id = i.id))::text as "invoiceAppliedMismatches",
      (select count(*) from payments p where client_id = ${clientId} and applied_cents <>
        (select coalesce(sum(amount_cents), 0) from payment_applications pa
         where pa.organization_id = p.organization_id and pa.payment_id = p.id))::text as "paymentAppliedMismatches",
      (select count(*) from invoices where client_id = ${clientId}
        and (balance_cents < 0 or (status = 'paid') <> (balance_cents = 0 and status not in ('draft', 'void'))))::text as "overApplied"`,
  );
  return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)])) as ClientFigures;
}
