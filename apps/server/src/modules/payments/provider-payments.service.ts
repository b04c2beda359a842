import { and, eq } from 'drizzle-orm';
import { formatMoney } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { clients, invoices, paymentCheckouts, payments, type PaymentCheckoutRow } from '../../db/schema/index';
import { enqueueMail } from '../../mail/outbox';
import { paymentReceiptMail } from '../../mail/templates/payment-receipt';
import type { RefundRequest } from '../client-portal/providers/provider';
import { readBillingSettings } from '../invoices/billing-settings';
import { lockClient } from './payment-allocation';
import { insertPayment } from './payments.service';

/** A provider's verified word on one checkout (client-portal/providers/provider.ts). */
export type SettledCheckout = {
  provider: string;
  eventId: string;
  organizationId: number;
  checkoutId: string;
  outcome: 'succeeded' | 'failed';
  amountCents: number;
  failureMessage: string | null;
};

export type SettleResult = 'recorded' | 'refunded' | 'failed' | 'already-settled' | 'unknown-checkout';

/** `refund`: what the caller gives back to the card once this is committed (the provider is called outside our transaction). */
export type Settled = { result: SettleResult; mailed: boolean; refund?: RefundRequest };

/** What a settled checkout's event charged beyond the payment it recorded: the refund it is owed. */
async function refundOwed(tx: Tx, checkout: PaymentCheckoutRow, event: SettledCheckout): Promise<RefundRequest | null> {
  if (event.outcome !== 'succeeded') return null;
  let recorded = 0;
  if (checkout.paymentId !== null) {
    const [row] = await tx
      .select({ amountCents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.organizationId, checkout.organizationId), eq(payments.id, checkout.paymentId)));
    recorded = row?.amountCents ?? 0;
  }
  const owed = event.amountCents - recorded;
  return owed > 0
    ? { checkoutId: checkout.id, providerCheckoutId: checkout.providerCheckoutId ?? checkout.id, amountCents: owed }
    : null;
}

/** What the client reads of a checkout paid after its invoice was: nothing charged in the end. */
export function alreadyPaidMessage(invoiceNumber: string | null, refundedCents: number): string {
  const invoice = invoiceNumber ? `Invoice ${invoiceNumber}` : 'The invoice';
  return `${invoice} was already paid: the ${formatMoney(refundedCents, { decimals: true })} charged to your card was refunded`;
}

/**
 * Records what a provider's event says of a portal checkout, exactly once (ADR 0144): under the
 * client's lock (docs/decisions/0130), then the checkout's, an open checkout becomes `succeeded`
 * with its payment (applied to the invoice up to its balance, the rest unapplied credit;
 * ledgered; receipt queued) or `failed`; any later event of that checkout, a redelivery, a
 * replay or another event type that means the same, finds it settled and changes nothing.
 * The payment also carries the event's id, unique per provider, as a second wall.
 */
export async function settleCheckout(db: Db, event: SettledCheckout): Promise<Settled> {
  const { organizationId } = event;
  // A genuine event names the firm our checkout was made for; anything else names no checkout of ours.
  if (!Number.isSafeInteger(organizationId) || organizationId <= 0 || organizationId > 2_147_483_647) {
    return { result: 'unknown-checkout', mailed: false };
  }
  return withTenant(db, organizationId, async (tx) => {
    const key = and(eq(paymentCheckouts.organizationId, organizationId), eq(paymentCheckouts.id, event.checkoutId));
    const [seen] = await tx.select({ clientId: paymentCheckouts.clientId }).from(paymentCheckouts).where(key);
    if (!seen) return { result: 'unknown-checkout' as const, mailed: false };
    const client = await lockClient(tx, organizationId, seen.clientId);
    const [checkout] = (await tx.select().from(paymentCheckouts).where(key).for('update')) as PaymentCheckoutRow[];
    if (!checkout || checkout.status !== 'open' || checkout.provider !== event.provider) {
      // The same event again: its refund, if it had one, may not have reached the provider; asking again refunds once.
      const refund =
        checkout && checkout.providerEventId === event.eventId ? await refundOwed(tx, checkout, event) : null;
      return { result: 'already-settled' as const, mailed: false, ...(refund ? { refund } : {}) };
    }
    if (event.outcome === 'failed') {
      await tx
        .update(paymentCheckouts)
        .set({
          status: 'failed',
          failureMessage: (event.failureMessage ?? 'The payment failed').slice(0, 500),
          providerEventId: event.eventId,
          settledAt: new Date(),
        })
        .where(key);
      return { result: 'failed' as const, mailed: false };
    }
    const [invoice] = await tx
      .select({
        number: invoices.number,
        status: invoices.status,
        balance: invoices.balanceCents,
        clientName: clients.legalName,
        invoiceEmail: clients.invoiceEmail,
      })
      .from(invoices)
      .innerJoin(clients, and(eq(clients.organizationId, invoices.organizationId), eq(clients.id, invoices.clientId)))
      .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, checkout.invoiceId)));
    const settings = await readBillingSettings(tx, organizationId);
    const open = invoice && (invoice.status === 'pending' || invoice.status === 'partial');
    // The balance may have fallen since the checkout began (staff recorded a payment, a credit
    // memo, a checkout that outlived its hold): only what the invoice takes is recorded, and the
    // rest goes back to the card once this commits (ADR 0212); a redelivery of the event asks
    // again, and the provider refunds once (idempotent on our checkout).
    const applied = open ? Math.min(event.amountCents, invoice.balance ?? 0) : 0;
    const refunded = event.amountCents - applied;
    const refund: RefundRequest | undefined =
      refunded > 0
        ? {
            checkoutId: checkout.id,
            providerCheckoutId: checkout.providerCheckoutId ?? checkout.id,
            amountCents: refunded,
          }
        : undefined;
    if (applied === 0) {
      await tx
        .update(paymentCheckouts)
        .set({
          status: 'failed',
          failureMessage: alreadyPaidMessage(invoice?.number ?? null, refunded),
          providerEventId: event.eventId,
          settledAt: new Date(),
        })
        .where(key);
      return { result: 'refunded' as const, mailed: false, refund };
    }
    const reference = `Portal ${invoice?.number ?? ''}`.trim();
    const refundNote = refunded > 0 ? `; ${formatMoney(refunded, { decimals: true })} refunded to the card` : '';
    const payment = await insertPayment(tx, organizationId, null, client, {
      clientId: checkout.clientId,
      paymentDate: settings.today,
      amountCents: applied,
      method: 'card',
      reference,
      memo: `Paid in the client portal (${event.provider} ${checkout.providerCheckoutId ?? checkout.id})${refundNote}`.slice(
        0,
        500,
      ),
      applications: [{ invoiceId: checkout.invoiceId, amountCents: applied }],
      source: 'portal',
      provider: event.provider,
      providerEventId: event.eventId,
    });
    await tx
      .update(paymentCheckouts)
      .set({ status: 'succeeded', paymentId: payment.id, providerEventId: event.eventId, settledAt: new Date() })
      .where(key);
    const to = invoice?.invoiceEmail?.trim();
    if (to) {
      await enqueueMail(
        tx,
        organizationId,
        paymentReceiptMail({
          to,
          organizationName: settings.name,
          clientName: invoice!.clientName,
          invoiceNumber: invoice!.number ?? '',
          paymentDate: payment.payment_date,
          amountCents: applied,
          balanceCents: Math.max(0, (invoice!.balance ?? 0) - applied),
          reference,
        }),
      );
    }
    return { result: 'recorded' as const, mailed: Boolean(to), ...(refund ? { refund } : {}) };
  });
}
