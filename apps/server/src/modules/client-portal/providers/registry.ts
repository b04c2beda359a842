import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox-provider';
import { sandboxWebhookSecret } from './sandbox-signature';
import { stripeProvider } from './stripe-provider';

/** The one provider the portal uses: Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, else the sandbox. */
export function activeProvider(config: Config, ownerDb: Db): PaymentProvider {
  if (config.stripe) return stripeProvider(config.stripe);
  return sandboxProvider(ownerDb, sandboxWebhookSecret(config.secretKey));
}
