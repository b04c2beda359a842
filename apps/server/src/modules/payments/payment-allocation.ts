import { and, eq, inArray, sql } from 'drizzle-orm';
import { APPLICATIONS_ABOVE_PAYMENT, CREDIT_ALREADY_REFUNDED, formatMoney } from '@practice/shared';
import type { Tx } from '../../db/client';
import { clients, invoices, paymentApplications, payments, refunds } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { notFoundField } from '../records/field-errors';
import { statusForBalance } from '../invoices/invoice-view';
import { lowestDatedCredit } from './dated-credit';

export const CLIENT_NOT_FOUND = 'Client not found';
export const APPLICATION_INVOICE_NOT_FOUND = 'Invoice not found';

export type Allocation = { invoiceId: number; amountCents: number };
/** What a payment's answer shows of its client. */
export type ClientReference = { code: string; legalName: string };

const money = (cents: number) => formatMoney(cents, { decimals: true });

function unprocessable(message: string, field = 'applications'): AppError {
  return new AppError(422, message, { [field]: message });
}

/**
 * Every change of a client's payments, applications and refunds takes this lock first, then
 * payments, then invoices in id order: one fixed order, so two calls never wait on each other
 * in a circle, and the client's credit cannot be spent twice (docs/decisions/0130).
 */
export async function lockClient(
  tx: Tx,
  organizationId: number,
  clientId: number,
  field = 'client_id',
): Promise<ClientReference> {
  const [row] = await tx
    .select({ code: clients.code, legalName: clients.legalName })
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), eq(clients.id, clientId)))
    .for('no key update');
  if (!row) throw notFoundField(field, CLIENT_NOT_FOUND);
  return row;
}

/** The client's open invoices, oldest due first (due date, then number): where a payment goes by default. */
export async function oldestFirst(tx: Tx, organizationId: number, clientId: number, amountCents: number) {
  const open = await tx
    .select({
      id: invoices.id,
      dueDate: invoices.dueDate,
      numberSeq: invoices.numberSeq,
      balance: invoices.balanceCents,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        eq(invoices.clientId, clientId),
        inArray(invoices.status, ['pending', 'partial']),
      ),
    )
    .orderBy(sql`${invoices.dueDate} nulls last`, invoices.numberSeq);
  const allocations: Allocation[] = [];
  let left = amountCents;
  for (const invoice of open) {
    if (left === 0) break;
    const amount = Math.min(left, invoice.balance ?? 0);
    if (amount > 0) allocations.push({ invoiceId: invoice.id, amountCents: amount });
    left -= amount;
  }
  return allocations;
}

/** What the applications add up to; 422 when that is more than the payment. */
export function appliedTotal(amountCents: number, wanted: Allocation[]): number {
  const total = wanted.reduce((sum, row) => sum + row.amountCents, 0);
  if (total > amountCents) throw unprocessable(`${APPLICATIONS_ABOVE_PAYMENT} of ${money(amountCents)}`);
  return total;
}

/**
 * Replaces a payment's applications (`current`, as the caller read them under the payment's
 * lock, or none for a payment just inserted) with `wanted`: each invoice is this client's,
 * issued and not void, and gets no more than its balance (counting what this payment already
 * gave it); the sum is at most the payment. The invoices are locked in id order and their
 * applied amounts and statuses set in the same transaction. Returns the new applied total and
 * the invoices as they were locked.
 */
export async function replaceApplications(
  tx: Tx,
  context: { organizationId: number; clientId: number; paymentId: number; amountCents: number; actorId: number | null },
  current: Allocation[],
  wanted: Allocation[],
): Promise<{ appliedCents: number; invoices: Map<number, typeof invoices.$inferSelect> }> {
  const { organizationId, paymentId } = context;
  const total = appliedTotal(context.amountCents, wanted);
  const before = new Map(current.map((row) => [row.invoiceId, row.amountCents]));
  const after = new Map(wanted.map((row) => [row.invoiceId, row.amountCents]));
  const touched = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a - b);
  const locked =
    touched.length === 0
      ? []
      : await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.id, touched)))
          .orderBy(invoices.id)
          .for('update');
  const byId = new Map(locked.map((row) => [row.id, row]));
  for (const row of wanted) {
    const invoice = byId.get(row.invoiceId);
    if (!invoice) throw notFoundField('applications', APPLICATION_INVOICE_NOT_FOUND);
    const label = invoice.number ?? `#${invoice.id}`;
    if (invoice.clientId !== context.clientId) throw unprocessable(`Invoice ${label} is not this client's`);
    if (invoice.status === 'draft' || invoice.status === 'void') throw unprocessable(`Invoice ${label} is not open`);
    const available = invoice.totalCents - invoice.appliedCents - invoice.creditedCents + (before.get(invoice.id) ?? 0);
    if (row.amountCents > available) {
      throw unprocessable(`The amount applied to ${label} is more than its balance of ${money(available)}`);
    }
  }
  if (current.length > 0) {
    await tx
      .delete(paymentApplications)
      .where(and(eq(paymentApplications.organizationId, organizationId), eq(paymentApplications.paymentId, paymentId)));
  }
  if (wanted.length > 0) {
    await tx.insert(paymentApplications).values(
      wanted.map((row) => ({
        organizationId,
        paymentId,
        invoiceId: row.invoiceId,
        amountCents: row.amountCents,
        createdBy: context.actorId,
      })),
    );
  }
  const changed = touched.flatMap((invoiceId) => {
    const change = (after.get(invoiceId) ?? 0) - (before.get(invoiceId) ?? 0);
    if (change === 0) return [];
    const invoice = byId.get(invoiceId)!;
    const appliedCents = invoice.appliedCents + change;
    const status = statusForBalance(invoice.totalCents, appliedCents, invoice.creditedCents);
    return [sql`(${invoiceId}::int, ${appliedCents}::bigint, ${status}::text)`];
  });
  // One statement for every invoice: the statement triggers of the invoice counters and open
  // balances (migrations 0022, 0034) then lock their rows once, in key order, so two payments
  // never hold one counter row each while waiting for the other's (ADR 0140).
  if (changed.length > 0) {
    await tx.execute(sql`
      update invoices i set applied_cents = v.applied, status = v.status, version = i.version + 1, updated_at = now()
      from (values ${sql.join(changed, sql`, `)}) as v(id, applied, status)
      where i.organization_id = ${organizationId} and i.id = v.id`);
  }
  return { appliedCents: total, invoices: byId };
}

/** A client's unapplied credit: active payments less what they apply, less refunds (zero or more). */
export async function unappliedCredit(tx: Tx, organizationId: number, clientId: number): Promise<number> {
  const [paid] = await tx
    .select({ cents: sql<string>`coalesce(sum(${payments.amountCents} - ${payments.appliedCents}), 0)::text` })
    .from(payments)
    .where(
      and(eq(payments.organizationId, organizationId), eq(payments.clientId, clientId), eq(payments.status, 'active')),
    );
  const [refunded] = await tx
    .select({ cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)::text` })
    .from(refunds)
    .where(and(eq(refunds.organizationId, organizationId), eq(refunds.clientId, clientId)));
  return Number(paid!.cents) - Number(refunded!.cents);
}

/**
 * After a change that lowers the credit: refunded credit cannot be applied or voided away
 * again, today nor on any past date (moving a payment after the refund it funded).
 */
export async function assertCreditKept(tx: Tx, organizationId: number, clientId: number): Promise<void> {
  if ((await unappliedCredit(tx, organizationId, clientId)) < 0) throw new AppError(409, CREDIT_ALREADY_REFUNDED);
  const lowest = await lowestDatedCredit(tx, organizationId, clientId);
  if (lowest && lowest.cents < 0) throw new AppError(409, CREDIT_ALREADY_REFUNDED);
}
