import Stripe from 'stripe';
import { BadEventSignature, CHECKOUT_HOLD_MINUTES, type PaymentProvider, type ProviderEvent } from './provider';

export type StripeSettings = { secretKey: string; webhookSecret: string; currency?: string };

const SUCCEEDED = new Set(['checkout.session.async_payment_succeeded']);
const FAILED: Record<string, string> = {
  'checkout.session.async_payment_failed': 'The payment failed',
  'checkout.session.expired': 'The checkout expired before it was paid',
};

/** The session's metadata as the portal set it, or null for a session some other integration made. */
function ours(session: Stripe.Checkout.Session): { organizationId: number; checkoutId: string } | null {
  const organization = session.metadata?.organization_id ?? '';
  const checkoutId = session.metadata?.checkout_id ?? '';
  if (!/^\d{1,10}$/.test(organization) || checkoutId === '') return null;
  return { organizationId: Number(organization), checkoutId };
}

/** Maps a verified Stripe event to the portal's outcome (ADR 0146). */
export function stripeEventOutcome(event: Stripe.Event): ProviderEvent {
  if (!event.type.startsWith('checkout.session.')) return { id: event.id, outcome: 'ignored' };
  const session = event.data.object as Stripe.Checkout.Session;
  const target = ours(session);
  const paidNow = event.type === 'checkout.session.completed' && session.payment_status === 'paid';
  const failure = FAILED[event.type];
  if (!target || session.amount_total === null || (!paidNow && !SUCCEEDED.has(event.type) && !failure)) {
    return { id: event.id, outcome: 'ignored' };
  }
  return {
    id: event.id,
    outcome: failure ? 'failed' : 'succeeded',
    organizationId: target.organizationId,
    checkoutId: target.checkoutId,
    amountCents: session.amount_total,
    failureMessage: failure ?? null,
  };
}

/**
 * Stripe through its official SDK (ADR 0146): a Checkout Session per portal checkout, created
 * with our checkout id as Stripe's idempotency key, and webhooks verified by the SDK's
 * constructEvent. `client` is for tests, which give the SDK an HTTP client of their own.
 */
export function stripeProvider(settings: StripeSettings, client?: Stripe): PaymentProvider {
  const stripe = client ?? new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  return {
    name: 'stripe',
    async createCheckout(request) {
      const metadata = { organization_id: String(request.organizationId), checkout_id: request.checkoutId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.checkoutId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: settings.currency ?? 'usd',
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          metadata,
          payment_intent_data: { metadata },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          // Our checkout holds its amount of the balance this long; Stripe's then takes no card (30 min is its least).
          expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_HOLD_MINUTES * 60,
        },
        { idempotencyKey: `portal-checkout-${request.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { providerCheckoutId: session.id, url: session.url };
    },
    async refund(request) {
      const session = await stripe.checkout.sessions.retrieve(request.providerCheckoutId);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`Stripe checkout ${request.providerCheckoutId} has no payment to refund`);
      await stripe.refunds.create(
        { payment_intent: intent, amount: request.amountCents, metadata: { checkout_id: request.checkoutId } },
        { idempotencyKey: `portal-refund-${request.checkoutId}` },
      );
    },
    verifyEvent(rawBody, headers) {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          typeof signature === 'string' ? signature : '',
          settings.webhookSecret,
        );
      } catch (error) {
        throw new BadEventSignature(error instanceof Error ? error.message : 'Bad Stripe signature');
      }
      return stripeEventOutcome(event);
    },
  };
}
