import { and, asc, eq } from 'drizzle-orm';
import type { InvoiceHistoryEntry } from '@practice/shared';
import type { Tx } from '../../db/client';
import { invoiceAdjustments, paymentApplications, payments } from '../../db/schema/index';

/**
 * What reduced an invoice's balance, oldest first: the payments applied to it now (a voided
 * payment or an unapplied amount no longer counts) and its credit memos and write-offs. Both
 * reads use the invoice's indexes (payment_applications_invoice, invoice_adjustments_invoice).
 */
export async function loadInvoiceHistory(
  tx: Tx,
  organizationId: number,
  invoiceId: number,
): Promise<InvoiceHistoryEntry[]> {
  const applied = await tx
    .select({
      paymentId: payments.id,
      paymentDate: payments.paymentDate,
      method: payments.method,
      reference: payments.reference,
      amountCents: paymentApplications.amountCents,
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
  const adjusted = await tx
    .select()
    .from(invoiceAdjustments)
    .where(and(eq(invoiceAdjustments.organizationId, organizationId), eq(invoiceAdjustments.invoiceId, invoiceId)))
    .orderBy(asc(invoiceAdjustments.adjustmentDate), asc(invoiceAdjustments.id));
  const entries: InvoiceHistoryEntry[] = [
    ...applied.map((row) => ({
      kind: 'payment' as const,
      entry_date: row.paymentDate,
      method: row.method,
      reference: row.reference,
      amount_cents: row.amountCents,
      payment_id: row.paymentId,
      reason: null,
    })),
    ...adjusted.map((row) => ({
      kind: row.kind as 'credit_memo' | 'write_off',
      entry_date: row.adjustmentDate,
      method: null,
      reference: '',
      amount_cents: row.amountCents,
      payment_id: null,
      reason: row.reason,
    })),
  ];
  // A stable sort: on one date, payments before credits, each in the order it was recorded.
  return entries.sort((a, b) => a.entry_date.localeCompare(b.entry_date));
}

/** The credit memo and write-off totals of a history, for how the invoice reads (ADR 0207). */
export function creditsOf(history: InvoiceHistoryEntry[]) {
  const sumOf = (kind: InvoiceHistoryEntry['kind']) =>
    history.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + entry.amount_cents, 0);
  return { credit_memo_cents: sumOf('credit_memo'), written_off_cents: sumOf('write_off') };
}
