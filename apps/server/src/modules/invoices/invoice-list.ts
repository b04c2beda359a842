import { and, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import { INVOICE_STATUSES, type InvoiceListItem } from '@practice/shared';
import { z } from 'zod';
import { withTenant, type Db } from '../../db/client';
import { clients, invoices } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { dateQuery, likePattern, offsetOf, pageOf, pageQuery, type Page } from '../records/pagination';

export const invoiceListQuery = z.object({
  ...pageQuery,
  status: z.enum(INVOICE_STATUSES, { error: 'Status must be draft, pending, partial, paid or void' }).optional(),
  client_id: z.coerce
    .number()
    .int()
    .positive('Client must be a client id')
    .max(2_147_483_647, 'Client must be a client id')
    .optional(),
  from: dateQuery('From').optional(),
  to: dateQuery('To').optional(),
  q: z.string().trim().max(40, 'Search must be at most 40 characters').optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

/**
 * GET /invoices (SPEC 7, API.md): a page of the organization's invoices, newest issue date first,
 * filtered by status, client, issue dates and number.
 */
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
      query.from ? gte(invoices.issueDate, query.from) : undefined,
      query.to ? lte(invoices.issueDate, query.to) : undefined,
      query.q ? ilike(invoices.number, likePattern(query.q)) : undefined,
    ] satisfies (SQL | undefined)[]),
  );
  return withTenant(db, organizationId, async (tx) => {
    const rows = await tx
      .select({ invoice: invoices, code: clients.code, legalName: clients.legalName })
      .from(invoices)
      .innerJoin(clients, and(eq(clients.organizationId, invoices.organizationId), eq(clients.id, invoices.clientId)))
      .where(where)
      .orderBy(sql`${invoices.issueDate} desc nulls first`, desc(invoices.id))
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
      status: invoice.status as InvoiceListItem['status'],
      issue_date: invoice.issueDate,
      due_date: invoice.dueDate,
      total: invoice.totalCents,
      total_cents: invoice.totalCents,
      balance_cents: invoice.totalCents - invoice.appliedCents - invoice.creditedCents,
    }));
    return pageOf(items, counted?.total ?? 0, query);
  });
}
