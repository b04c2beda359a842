import { and, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import {
  INVOICE_STATUSES,
  invoiceBalanceCents,
  invoiceDisplayStatus,
  isoDate,
  recordIdText,
  type InvoiceListItem,
  type InvoiceStatus,
} from '@practice/shared';
import { z } from 'zod';
import { withTenant, type Db } from '../../db/client';
import { clients, invoices } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { likePattern, offsetOf, pageOf, pageQuery, type Page } from '../records/pagination';

export const invoiceListQuery = z.object({
  ...pageQuery,
  status: z.enum(INVOICE_STATUSES, { error: 'Status must be draft, pending, partial, paid or void' }).optional(),
  client_id: z.optional(recordIdText('Client must be a client id')),
  from: z.optional(isoDate('From')),
  to: z.optional(isoDate('To')),
  q: z.string().trim().max(40, 'Search must be at most 40 characters').optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

/**
 * The total of a page's filter: counted only when the page cannot tell it. A page shorter than
 * page_size (and not past the end) is the last one, so its total is the rows before it plus its
 * own. Half the full-scale firm's clients have fewer invoices than a page (ADR 0175).
 */
async function totalOf(rows: number, query: InvoiceListQuery, count: () => Promise<number>): Promise<number> {
  const offset = offsetOf(query);
  return rows < query.page_size && (rows > 0 || offset === 0) ? offset + rows : count();
}

/**
 * GET /invoices (SPEC 7, API.md): a page of the organization's invoices, newest issue date first,
 * filtered by status, client, issue dates and number. With no filter, a status or a client, the
 * order is that of an index (invoices_issued, invoices_status_issued, invoices_client_issued), so
 * a page reads its own rows and no others (docs/decisions/0175).
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
      .select({
        id: invoices.id,
        number: invoices.number,
        clientId: invoices.clientId,
        status: invoices.status,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        totalCents: invoices.totalCents,
        appliedCents: invoices.appliedCents,
        creditedCents: invoices.creditedCents,
        // Read only for an invoice that has credits: the adjustments of its row, by their index.
        creditMemoCents: sql<string>`case when ${invoices.creditedCents} > 0 then (select coalesce(sum(a.amount_cents) filter (where a.kind = 'credit_memo'), 0) from invoice_adjustments a where a.organization_id = ${invoices.organizationId} and a.invoice_id = ${invoices.id}) else 0 end`,
        code: clients.code,
        legalName: clients.legalName,
      })
      .from(invoices)
      .innerJoin(clients, and(eq(clients.organizationId, invoices.organizationId), eq(clients.id, invoices.clientId)))
      .where(where)
      .orderBy(sql`${invoices.issueDate} desc nulls first`, desc(invoices.id))
      .limit(query.page_size)
      .offset(offsetOf(query));
    const total = await totalOf(rows.length, query, async () => {
      const [counted] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(invoices)
        .where(where);
      return counted?.total ?? 0;
    });
    const items = rows.map((row) => {
      const status = row.status as InvoiceStatus;
      const money = {
        status,
        total_cents: row.totalCents,
        applied_cents: row.appliedCents,
        credited_cents: row.creditedCents,
      };
      const creditMemoCents = Number(row.creditMemoCents);
      return {
        id: row.id,
        number: row.number,
        client_id: row.clientId,
        client: { id: row.clientId, client_id: row.code, legal_name: row.legalName },
        status,
        display_status: invoiceDisplayStatus({
          ...money,
          credit_memo_cents: creditMemoCents,
          written_off_cents: row.creditedCents - creditMemoCents,
        }),
        issue_date: row.issueDate,
        due_date: row.dueDate,
        total: row.totalCents,
        total_cents: row.totalCents,
        balance_cents: invoiceBalanceCents(money),
      };
    });
    return pageOf(items, total, query);
  });
}
