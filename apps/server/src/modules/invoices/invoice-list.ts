import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { recordIdText } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { clients, invoices } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { offsetOf, pageOf, pageQuery, type Page } from '../records/pagination';

export const INVOICE_STATUSES = ['draft', 'pending', 'partial', 'paid', 'void'] as const;

export const invoiceListQuery = z.object({
  ...pageQuery,
  status: z.enum(INVOICE_STATUSES, { error: 'Status must be draft, pending, partial, paid or void' }).optional(),
  client_id: z.optional(recordIdText('Client must be a client id')),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export type InvoiceListItem = {
  id: number;
  number: string | null;
  client_id: number;
  client: { id: number; client_id: string; legal_name: string };
  status: string;
  issue_date: string | null;
  due_date: string | null;
  total: number;
  total_cents: number;
};

/** GET /invoices for the dashboard (SPEC 7): a page of the organization's invoices, newest first. */
export async function listInvoices(
  db: Db,
  actor: SessionUser,
  query: InvoiceListQuery,
): Promise<Page<InvoiceListItem>> {
  const organizationId = actor.organizationId;
  const where = and(
    eq(invoices.organizationId, organizationId),
    ...([
      query.status ? eq(invoices.status, query.status) : undefined,
      query.client_id ? eq(invoices.clientId, query.client_id) : undefined,
    ] satisfies (SQL | undefined)[]),
  );
  return withTenant(db, organizationId, async (tx) => {
    const rows = await tx
      .select({ invoice: invoices, code: clients.code, legalName: clients.legalName })
      .from(invoices)
      .innerJoin(clients, and(eq(clients.organizationId, invoices.organizationId), eq(clients.id, invoices.clientId)))
      .where(where)
      .orderBy(desc(invoices.id))
      .limit(query.page_size)
      .offset(offsetOf(query));
    const [counted] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(invoices)
      .where(where);
    const items = rows.map(({ invoice, code, legalName }) => ({
      id: invoice.id,
      number: invoice.number,
      client_id: invoice.clientId,
      client: { id: invoice.clientId, client_id: code, legal_name: legalName },
      status: invoice.status,
      issue_date: invoice.issueDate,
      due_date: invoice.dueDate,
      total: invoice.totalCents,
      total_cents: invoice.totalCents,
    }));
    return pageOf(items, counted?.total ?? 0, query);
  });
}
