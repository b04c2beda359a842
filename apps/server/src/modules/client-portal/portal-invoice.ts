import { and, asc, eq } from 'drizzle-orm';
import type { PortalInvoice } from '@practice/shared';
import type { Tx } from '../../db/client';
import { organizations, paymentApplications, payments } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { INVOICE_NOT_FOUND, loadInvoiceView } from '../invoices/invoice-view';
import type { InvoiceView } from '@practice/shared';

/** The portal never shows a draft or a void invoice: its code opens nothing (ADR 0143). */
export async function portalInvoiceView(tx: Tx, organizationId: number, invoiceId: number): Promise<InvoiceView> {
  const view = await loadInvoiceView(tx, organizationId, invoiceId, { publicUrl: '', subdomain: '' });
  if (view.status === 'draft' || view.status === 'void') throw notFound(INVOICE_NOT_FOUND);
  return view;
}

/**
 * GET /client-portal/invoice: what the PDF shows a client, nothing of the firm's inside (no
 * standard values, write-ups, staff or rates), the payments applied to it and the branding.
 */
export async function loadPortalInvoice(tx: Tx, organizationId: number, invoiceId: number): Promise<PortalInvoice> {
  const view = await portalInvoiceView(tx, organizationId, invoiceId);
  const [firm] = await tx
    .select({ primaryColor: organizations.primaryColor, secondaryColor: organizations.secondaryColor })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const paid = await tx
    .select({
      paymentDate: payments.paymentDate,
      amountCents: paymentApplications.amountCents,
      method: payments.method,
      source: payments.source,
    })
    .from(paymentApplications)
    .innerJoin(
      payments,
      and(
        eq(payments.organizationId, paymentApplications.organizationId),
        eq(payments.id, paymentApplications.paymentId),
      ),
    )
    .where(
      and(
        eq(paymentApplications.organizationId, organizationId),
        eq(paymentApplications.invoiceId, invoiceId),
        eq(payments.status, 'active'),
      ),
    )
    .orderBy(asc(payments.paymentDate), asc(payments.id));
  return {
    invoice: {
      id: view.id,
      number: view.number ?? '',
      status: view.status,
      issue_date: view.issue_date,
      due_date: view.due_date,
      period_start: view.period_start,
      period_end: view.period_end,
      client_name: view.client.legal_name,
      lines: view.lines.map((line) => ({
        kind: line.kind,
        description: line.description,
        minutes: line.minutes ?? null,
        amount_cents: line.amount_cents,
      })),
      subtotal_cents: view.subtotal_cents,
      tax_rate_bp: view.tax_rate_bp,
      tax_cents: view.tax_cents,
      total_cents: view.total_cents,
      credited_cents: view.credited_cents,
      applied_cents: view.applied_cents,
      balance_cents: view.balance_cents,
      narrative: view.narrative,
    },
    firm: {
      name: view.organization?.name ?? '',
      remit_to: view.organization?.remit_to ?? '',
      invoice_footer: view.organization?.invoice_footer ?? '',
      branding: { primaryColor: firm?.primaryColor ?? null, secondaryColor: firm?.secondaryColor ?? null },
      // The address that names the firm (`org`) and its upload, as the shell and invoices use: the
      // portal page's own host may name no firm. Null without a logo, so the page asks for none.
      logo_url: view.organization?.logo_url ?? null,
    },
    payments: paid.map((row) => ({
      payment_date: row.paymentDate,
      amount_cents: row.amountCents,
      method: row.method,
      source: row.source,
    })),
    payable: (view.status === 'pending' || view.status === 'partial') && view.balance_cents > 0,
  };
}
