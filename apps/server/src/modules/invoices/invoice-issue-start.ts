import { sql } from 'drizzle-orm';
import type { InvoiceItem } from '@practice/shared';
import type { Tx } from '../../db/client';
import { rowFromJson } from '../../db/json-rows';
import { invoiceLines, invoices } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { InvoiceClient } from './invoice-money-lock';
import { INVOICE_NOT_FOUND, itemOf, type InvoiceRow } from './invoice-view';

/** What an issue needs of its firm. */
export type IssueFirm = { invoicePrefix: string; subdomain: string; today: string };

/**
 * The invoice as it was, locked after its client's row; for a draft with something to bill,
 * its items already billed (`billed`, with the lines and the firm for the answer).
 */
export type IssueStart = {
  client: InvoiceClient;
  invoice: InvoiceRow;
  billed?: { items: InvoiceItem[]; firm: IssueFirm };
};

type Json = Record<string, unknown>;
type StartJson = {
  client: { code: string; legal_name: string; invoice_email: string | null };
  invoice: Json;
  lines?: { line: Json; user: { first_name: string; last_name: string; username: string } | null }[];
  firm?: { invoice_prefix: string; subdomain: string; today: string };
};

/**
 * The issue's work before its number, in one statement (invoice_issue_start, migration 0053,
 * ADR 0195): the client's row and then the invoice's locked (ADR 0192), and for a draft with a
 * total above zero its time entries and expenses marked billed.
 */
export async function startIssue(tx: Tx, invoiceId: number): Promise<IssueStart> {
  const result = (await tx.execute(sql`select invoice_issue_start(${invoiceId}) as started`)) as unknown as {
    rows: { started: StartJson | null }[];
  };
  const started = result.rows[0]?.started ?? null;
  if (started === null) throw notFound(INVOICE_NOT_FOUND);
  const client: InvoiceClient = {
    code: started.client.code,
    legalName: started.client.legal_name,
    invoiceEmail: started.client.invoice_email,
  };
  const invoice = rowFromJson(invoices, started.invoice);
  if (!started.lines || !started.firm) return { client, invoice };
  const items = started.lines.map(({ line, user }) =>
    itemOf({
      line: rowFromJson(invoiceLines, line),
      user: user && { firstName: user.first_name, lastName: user.last_name, username: user.username },
    }),
  );
  const firm = {
    invoicePrefix: started.firm.invoice_prefix,
    subdomain: started.firm.subdomain,
    today: started.firm.today,
  };
  return { client, invoice, billed: { items, firm } };
}
