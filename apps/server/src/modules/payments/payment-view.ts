import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentApplicationView, PaymentView } from '@practice/shared';
import type { Tx } from '../../db/client';
import { clients, invoices, paymentApplications, payments, type PaymentRow } from '../../db/schema/index';
import { notFound } from '../../lib/errors';

export const PAYMENT_NOT_FOUND = 'Payment not found';

/** The applications of several payments, with the invoice numbers, in one query. */
async function applicationsOf(tx: Tx, organizationId: number, paymentIds: number[]) {
  const byPayment = new Map<number, PaymentApplicationView[]>();
  if (paymentIds.length === 0) return byPayment;
  const rows = await tx
    .select({
      paymentId: paymentApplications.paymentId,
      invoiceId: paymentApplications.invoiceId,
      number: invoices.number,
      amountCents: paymentApplications.amountCents,
    })
    .from(paymentApplications)
    .innerJoin(
      invoices,
      and(
        eq(invoices.organizationId, paymentApplications.organizationId),
        eq(invoices.id, paymentApplications.invoiceId),
      ),
    )
    .where(
      and(eq(paymentApplications.organizationId, organizationId), inArray(paymentApplications.paymentId, paymentIds)),
    )
    .orderBy(asc(paymentApplications.paymentId), sql`${invoices.dueDate} nulls last`, asc(invoices.numberSeq));
  for (const row of rows) {
    const list = byPayment.get(row.paymentId) ?? [];
    list.push({ invoice_id: row.invoiceId, invoice_number: row.number, amount_cents: row.amountCents });
    byPayment.set(row.paymentId, list);
  }
  return byPayment;
}

type ClientRef = { code: string; legalName: string };

function viewOf(payment: PaymentRow, client: ClientRef, applications: PaymentApplicationView[]): PaymentView {
  return {
    id: payment.id,
    client_id: payment.clientId,
    client: { id: payment.clientId, client_id: client.code, legal_name: client.legalName },
    payment_date: payment.paymentDate,
    amount_cents: payment.amountCents,
    method: payment.method,
    reference: payment.reference,
    memo: payment.memo,
    status: payment.status,
    void_reason: payment.voidReason,
    applications,
    applied_cents: payment.appliedCents,
    unapplied_cents: payment.status === 'void' ? 0 : payment.amountCents - payment.appliedCents,
    version: payment.version,
  };
}

/** Payment rows joined with their clients, answered as the API shows them. */
export async function paymentViews(
  tx: Tx,
  organizationId: number,
  rows: { payment: PaymentRow; code: string; legalName: string }[],
): Promise<PaymentView[]> {
  const applications = await applicationsOf(
    tx,
    organizationId,
    rows.map((row) => row.payment.id),
  );
  return rows.map((row) => viewOf(row.payment, row, applications.get(row.payment.id) ?? []));
}

export function paymentWithClient() {
  return { payment: payments, code: clients.code, legalName: clients.legalName };
}

export const clientOfPayment = and(
  eq(clients.organizationId, payments.organizationId),
  eq(clients.id, payments.clientId),
);

type AppliedInvoice = { number: string | null; dueDate: string | null; numberSeq: number | null };

/** Due date first (none last), then number: the order applicationsOf reads applications in. */
function dueThenNumber(a: AppliedInvoice, b: AppliedInvoice): number {
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1;
    if (b.dueDate === null) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  return (a.numberSeq ?? Number.MAX_SAFE_INTEGER) - (b.numberSeq ?? Number.MAX_SAFE_INTEGER);
}

/**
 * The answer of a payment the call just wrote, from its row, its client and the invoices it
 * applies to as the call locked them: what loadPaymentView would read back.
 */
export function writtenPaymentView(
  payment: PaymentRow,
  client: ClientRef,
  applications: { invoiceId: number; amountCents: number }[],
  appliedInvoices: Map<number, AppliedInvoice>,
): PaymentView {
  const rows = applications.map((row) => ({ ...row, invoice: appliedInvoices.get(row.invoiceId)! }));
  rows.sort((a, b) => dueThenNumber(a.invoice, b.invoice));
  return viewOf(
    payment,
    client,
    rows.map((row) => ({
      invoice_id: row.invoiceId,
      invoice_number: row.invoice.number,
      amount_cents: row.amountCents,
    })),
  );
}

export async function loadPaymentView(tx: Tx, organizationId: number, paymentId: number): Promise<PaymentView> {
  const rows = await tx
    .select(paymentWithClient())
    .from(payments)
    .innerJoin(clients, clientOfPayment)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.id, paymentId)));
  if (rows.length === 0) throw notFound(PAYMENT_NOT_FOUND);
  const [view] = await paymentViews(tx, organizationId, rows);
  return view!;
}

/** What the audit log keeps of a payment. */
export function paymentSnapshot(payment: PaymentRow, applications?: { invoiceId: number; amountCents: number }[]) {
  return {
    client_id: payment.clientId,
    payment_date: payment.paymentDate,
    amount_cents: payment.amountCents,
    method: payment.method,
    reference: payment.reference,
    memo: payment.memo,
    status: payment.status,
    applied_cents: payment.appliedCents,
    version: payment.version,
    ...(applications
      ? { applications: applications.map((row) => ({ invoice_id: row.invoiceId, amount_cents: row.amountCents })) }
      : {}),
  };
}
