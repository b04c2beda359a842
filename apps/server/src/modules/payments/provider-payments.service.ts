import { and, eq } from 'drizzle-orm';
import { withTenant, type Db } from '../../db/client';
import { clients, invoices, paymentCheckouts, type PaymentCheckoutRow } from '../../db/schema/index';
import { enqueueMail } from '../../mail/outbox';
import { paymentReceiptMail } from '../../mail/templates/payment-receipt';
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

export type SettleResult = 'recorded' | 'failed' | 'already-settled' | 'unknown-checkout';

/**
 * Records what a provider's event says of a portal checkout, exactly once (ADR 0144): under the
 * client's lock (docs/decisions/0130), then the checkout's, an open checkout becomes `succeeded`
 * with its payment (applied to the invoice up to its balance, the rest unapplied credit;
 * ledgered; receipt queued) or `failed`; any later event of that checkout, a redelivery, a
 * replay or another event type that means the same, finds it settled and changes nothing.
 * The payment also carries the event's id, unique per provider, as a second wall.
 */
export async function settleCheckout(
  db: Db,
  event: SettledCheckout,
): Promise<{ result: SettleResult; mailed: boolean }> {
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
      return { result: 'already-settled' as const, mailed: false };
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
    // memo): the card was charged all the same, so what the invoice cannot take stays as credit.
    const applied = open ? Math.min(event.amountCents, invoice.balance ?? 0) : 0;
    const reference = `Portal ${invoice?.number ?? ''}`.trim();
    const payment = await insertPayment(tx, organizationId, null, client, {
      clientId: checkout.clientId,
      paymentDate: settings.today,
      amountCents: event.amountCents,
      method: 'card',
      reference,
      memo: `Paid in the client portal (${event.provider} ${checkout.providerCheckoutId ?? checkout.id})`.slice(0, 500),
      applications: applied > 0 ? [{ invoiceId: checkout.invoiceId, amountCents: applied }] : [],
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
          amountCents: event.amountCents,
          balanceCents: Math.max(0, (invoice!.balance ?? 0) - applied),
          reference,
        }),
      );
    }
    return { result: 'recorded' as const, mailed: Boolean(to) };
  });
}
