import { createHash, randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { formatMoney, type PortalCheckout, type PortalPaymentInput } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { invoices, paymentCheckouts, payments, type PaymentCheckoutRow } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/errors';
import { readBillingSettings } from '../invoices/billing-settings';
import { onceForKey, requestDigest } from '../payments/idempotency';
import { lockClient } from '../payments/payment-allocation';
import { portalInvoiceView } from './portal-invoice';
import type { PortalSession } from './portal-session';
import { CHECKOUT_HOLD_MINUTES, type PaymentProvider } from './providers/provider';

export const NOTHING_TO_PAY = 'This invoice has nothing left to pay';
export const CHECKOUT_NOT_FOUND = 'Payment not found';
export const amountAboveBalance = (balanceCents: number) =>
  `The amount must be at most the balance of ${formatMoney(balanceCents, { decimals: true })}`;
export const checkoutInProgress = (leftCents: number) =>
  leftCents > 0
    ? `A payment of this invoice is already in progress: at most ${formatMoney(leftCents, { decimals: true })} is left to pay`
    : 'A payment of the whole balance is already in progress: finish it, or try again in a few minutes';

/**
 * What the invoice's open checkouts of the last CHECKOUT_HOLD_MINUTES hold of its balance (ADR
 * 0212). Read under the client's lock, which every checkout start and settlement takes, so
 * two starts at once cannot both count the same balance as free.
 */
async function heldByOpenCheckouts(tx: Tx, organizationId: number, invoiceId: number): Promise<number> {
  const [row] = await tx
    .select({ held: sql<string>`coalesce(sum(${paymentCheckouts.amountCents}), 0)` })
    .from(paymentCheckouts)
    .where(
      and(
        eq(paymentCheckouts.organizationId, organizationId),
        eq(paymentCheckouts.invoiceId, invoiceId),
        eq(paymentCheckouts.status, 'open'),
        gt(paymentCheckouts.createdAt, sql`now() - make_interval(mins => ${CHECKOUT_HOLD_MINUTES})`),
      ),
    );
  return Number(row?.held ?? 0);
}

/** The portal's pages on the firm's address (PUBLIC_URL with its subdomain), where the provider sends the client back. */
export function portalBase(publicUrl: string, subdomain: string): string {
  return publicUrl.replace('{org}', subdomain).replace(/\/$/, '');
}

/**
 * The key a client's Idempotency-Key is stored under: bound to the invoice, so it can meet no
 * staff key nor another invoice's, and of fixed length whatever the header's.
 */
function storedKey(invoiceId: number, key: string): string {
  return `portal:${createHash('sha256').update(`${invoiceId}\n${key}`).digest('hex')}`;
}

async function checkoutView(tx: Tx, session: PortalSession, checkout: PaymentCheckoutRow): Promise<PortalCheckout> {
  const invoice = await portalInvoiceView(tx, session.organizationId, session.invoiceId);
  let payment: PortalCheckout['payment'] = null;
  if (checkout.paymentId !== null) {
    const [row] = await tx
      .select({ id: payments.id, paymentDate: payments.paymentDate, amountCents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.organizationId, session.organizationId), eq(payments.id, checkout.paymentId)));
    if (row) payment = { id: row.id, payment_date: row.paymentDate, amount_cents: row.amountCents };
  }
  return {
    checkout_id: checkout.id,
    provider: checkout.provider,
    amount_cents: checkout.amountCents,
    status: checkout.status,
    url: checkout.status === 'open' ? checkout.url : null,
    failure_message: checkout.failureMessage,
    payment,
    balance_cents: invoice.balance_cents,
  };
}

async function readCheckout(tx: Tx, session: PortalSession, checkoutId: string): Promise<PaymentCheckoutRow> {
  const [row] = await tx
    .select()
    .from(paymentCheckouts)
    .where(
      and(
        eq(paymentCheckouts.organizationId, session.organizationId),
        eq(paymentCheckouts.id, checkoutId),
        // A session reads its own invoice's checkouts only: any other id is not found.
        eq(paymentCheckouts.invoiceId, session.invoiceId),
      ),
    );
  if (!row) throw notFound(CHECKOUT_NOT_FOUND);
  return row;
}

/**
 * POST /client-portal/payment (ADR 0144): a checkout of our own for the amount (at most the
 * balance), at most once per Idempotency-Key (which the route requires, ADR 0186: without one
 * nothing would tell a retry from a second payment), then the provider's checkout for it. The
 * provider is called outside our transaction, with our checkout's id as its idempotency key,
 * so a repeat (a double click, a retry after a lost answer) gets the same provider checkout.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  publicUrl: string,
  session: PortalSession,
  input: PortalPaymentInput,
  idempotencyKey: string,
): Promise<PortalCheckout> {
  const { organizationId, invoiceId } = session;
  const [target] = await withTenant(db, organizationId, (tx) =>
    tx
      .select({ clientId: invoices.clientId })
      .from(invoices)
      .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId))),
  );
  if (!target) throw notFound(CHECKOUT_NOT_FOUND);
  const request = {
    key: storedKey(invoiceId, idempotencyKey),
    digest: requestDigest('POST /client-portal/payment', { invoice_id: invoiceId, ...input }),
  };
  const { checkout_id: checkoutId } = await onceForKey(
    db,
    organizationId,
    request,
    (tx) => lockClient(tx, organizationId, target.clientId),
    async (tx) => {
      const invoice = await portalInvoiceView(tx, organizationId, invoiceId);
      if (invoice.status === 'paid' || invoice.balance_cents <= 0) throw new AppError(409, NOTHING_TO_PAY);
      if (input.amount_cents > invoice.balance_cents) {
        const message = amountAboveBalance(invoice.balance_cents);
        throw new AppError(422, message, { amount_cents: message });
      }
      // Another tab's or an earlier reload's checkout may still be paid: it holds its amount.
      const left = invoice.balance_cents - (await heldByOpenCheckouts(tx, organizationId, invoiceId));
      if (input.amount_cents > left) {
        const message = checkoutInProgress(Math.max(left, 0));
        throw new AppError(409, message, { amount_cents: message });
      }
      const [row] = await tx
        .insert(paymentCheckouts)
        .values({
          organizationId,
          id: randomUUID(),
          invoiceId,
          clientId: invoice.client_id,
          provider: provider.name,
          amountCents: input.amount_cents,
        })
        .returning({ id: paymentCheckouts.id });
      return { checkout_id: row!.id };
    },
  );
  return withProviderCheckout(db, provider, publicUrl, session, checkoutId);
}

/** Asks the provider for its checkout once our row exists; stores its id and address the first time. */
async function withProviderCheckout(
  db: Db,
  provider: PaymentProvider,
  publicUrl: string,
  session: PortalSession,
  checkoutId: string,
): Promise<PortalCheckout> {
  const { organizationId } = session;
  const { checkout, number, subdomain } = await withTenant(db, organizationId, async (tx) => {
    const checkout = await readCheckout(tx, session, checkoutId);
    const invoice = await portalInvoiceView(tx, organizationId, session.invoiceId);
    const settings = await readBillingSettings(tx, organizationId);
    return { checkout, number: invoice.number ?? '', subdomain: settings.subdomain };
  });
  if (checkout.status !== 'open' || checkout.url !== null) {
    return withTenant(db, organizationId, (tx) => checkoutView(tx, session, checkout));
  }
  const base = portalBase(publicUrl, subdomain);
  const made = await provider.createCheckout({
    checkoutId,
    organizationId,
    amountCents: checkout.amountCents,
    description: `Invoice ${number}`,
    successUrl: `${base}/client-portal/payment?checkout=${checkoutId}`,
    cancelUrl: `${base}/client-portal/invoice`,
  });
  return withTenant(db, organizationId, async (tx) => {
    await tx
      .update(paymentCheckouts)
      .set({ providerCheckoutId: made.providerCheckoutId, url: made.url })
      .where(and(eq(paymentCheckouts.organizationId, organizationId), eq(paymentCheckouts.id, checkoutId)));
    return checkoutView(tx, session, await readCheckout(tx, session, checkoutId));
  });
}

/** GET /client-portal/payment/{checkoutId}: what became of a checkout of this session's invoice. */
export async function getCheckout(db: Db, session: PortalSession, checkoutId: string): Promise<PortalCheckout> {
  return withTenant(db, session.organizationId, async (tx) =>
    checkoutView(tx, session, await readCheckout(tx, session, checkoutId)),
  );
}
