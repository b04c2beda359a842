import type { CheckoutProvider } from '../../../db/schema/index';

/** What the portal asks a provider to charge: our checkout's id travels with it and comes back in its events. */
export type CheckoutRequest = {
  checkoutId: string;
  organizationId: number;
  amountCents: number;
  description: string;
  /** Where the provider sends the client after a paid or a given-up checkout (pages of the portal). */
  successUrl: string;
  cancelUrl: string;
};

/** The provider's checkout: where the client's browser goes to give his card to the provider, never to us. */
export type ProviderCheckout = { providerCheckoutId: string; url: string };

/** Part of a paid checkout given back to the card: the invoice could not take it (issue 27). */
export type RefundRequest = { checkoutId: string; providerCheckoutId: string; amountCents: number };

/**
 * How long an open checkout holds its amount of the invoice's balance (ADR 0212): a second
 * checkout meanwhile may cover only what is left. The provider's checkout expires with it.
 */
export const CHECKOUT_HOLD_MINUTES = 30;

/** A verified provider event, mapped to what the portal needs. */
export type ProviderEvent =
  | {
      id: string;
      outcome: 'succeeded' | 'failed';
      organizationId: number;
      checkoutId: string;
      amountCents: number;
      failureMessage: string | null;
    }
  /** Signed and genuine, but about nothing the portal records (another event type). */
  | { id: string; outcome: 'ignored' };

/** A forged, altered or unreadable event: the webhook answers 400 and records nothing. */
export class BadEventSignature extends Error {}

/**
 * One payment provider (ADR 0144, 0212). createCheckout is idempotent on `checkoutId`: asked again
 * for the same checkout it answers the same one. verifyEvent checks the signature over the
 * raw body before reading anything of it.
 */
export type PaymentProvider = {
  name: CheckoutProvider;
  createCheckout: (request: CheckoutRequest) => Promise<ProviderCheckout>;
  /** Gives back part of a paid checkout; idempotent on `checkoutId`, so a retried settlement refunds once. */
  refund: (request: RefundRequest) => Promise<void>;
  verifyEvent: (rawBody: Buffer, headers: Record<string, string | string[] | undefined>) => ProviderEvent;
};
