import { sql } from 'drizzle-orm';
import { clientFiguresOf, clientFiguresQuery, type ClientFigures } from './money-invariants';
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

export type { ClientFigures };

/** PRODUCT.md's invariants for one client (money-invariants.ts). */
export async function clientFigures(testApp: TestApp, clientId: number): Promise<ClientFigures> {
  const [row] = await ownerRows<Record<keyof ClientFigures, string>>(testApp, clientFiguresQuery(clientId));
  return clientFiguresOf(row!);
}
