import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clients, invoices } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { lockInvoice } from './invoice-drafts.service';
import { INVOICE_NOT_FOUND, type InvoiceRow } from './invoice-view';

/** What an invoice's answer shows of its client. */
export type InvoiceClient = { code: string; legalName: string; invoiceEmail: string | null };

/**
 * Every money write of a client locks the client's row first, as payments do, then its
 * invoices (docs/decisions/0130, 0191). The triggers of an issue, a void and a payment write
 * the client's rollup rows in different orders; taking turns on the client keeps two of them
 * from each holding a row the other wants.
 */
export async function lockClientThenInvoice(
  tx: Tx,
  organizationId: number,
  invoiceId: number,
): Promise<{ client: InvoiceClient; invoice: InvoiceRow }> {
  const [client] = await tx
    .select({ code: clients.code, legalName: clients.legalName, invoiceEmail: clients.invoiceEmail })
    .from(clients)
    .where(
      and(
        eq(clients.organizationId, organizationId),
        eq(
          clients.id,
          sql`(select ${invoices.clientId} from ${invoices}
            where ${invoices.organizationId} = ${organizationId} and ${invoices.id} = ${invoiceId})`,
        ),
      ),
    )
    .for('no key update');
  if (!client) throw notFound(INVOICE_NOT_FOUND);
  return { client, invoice: await lockInvoice(tx, organizationId, invoiceId) };
}
