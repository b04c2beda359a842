import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { sandboxCheckouts } from '../../../db/schema/index';
import { BadEventSignature, type PaymentProvider, type ProviderEvent } from './provider';
import { SANDBOX_SIGNATURE_HEADER, sandboxSignatureValid } from './sandbox-signature';

export const SANDBOX_CHECKOUT_PATH = '/api/payments/sandbox/checkout';

/** The events the sandbox sends; its body is what the signature covers. */
export const sandboxEventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.string().max(100),
  created: z.number().int(),
  data: z.object({
    checkout_id: z.string().max(100),
    amount_cents: z.number().int().positive(),
    failure_message: z.string().max(500).nullable(),
    metadata: z.object({ organization_id: z.string().regex(/^\d{1,10}$/), checkout_id: z.string().max(100) }),
  }),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

export const SANDBOX_SUCCEEDED = 'checkout.succeeded';
export const SANDBOX_DECLINED = 'checkout.declined';

/** The sandbox's checkout id for one of ours. */
export const sandboxCheckoutId = (checkoutId: string) => `sbx_${checkoutId}`;

/**
 * The built-in provider (ADR 0145): its checkout is a row on its side and a hosted card page
 * served by this server (sandbox-page.ts); its events are signed with its secret and delivered
 * to our webhook by its own queue (sandbox-delivery.ts).
 */
export function sandboxProvider(ownerDb: Db, secret: string): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(request) {
      const id = sandboxCheckoutId(request.checkoutId);
      await ownerDb
        .insert(sandboxCheckouts)
        .values({
          id,
          amountCents: request.amountCents,
          description: request.description,
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          metadata: { organization_id: String(request.organizationId), checkout_id: request.checkoutId },
        })
        .onConflictDoNothing();
      return { providerCheckoutId: id, url: `${SANDBOX_CHECKOUT_PATH}/${id}` };
    },
    async refund(request) {
      // The sandbox's own record of the refund, as a real provider keeps it on its side; repeated, it stays one.
      await ownerDb
        .update(sandboxCheckouts)
        .set({
          metadata: sql`${sandboxCheckouts.metadata} || ${JSON.stringify({ refunded_cents: String(request.amountCents) })}::jsonb`,
        })
        .where(eq(sandboxCheckouts.id, request.providerCheckoutId));
    },
    verifyEvent(rawBody, headers): ProviderEvent {
      const body = rawBody.toString('utf8');
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (!sandboxSignatureValid(secret, body, typeof header === 'string' ? header : undefined)) {
        throw new BadEventSignature('The event signature does not match');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new BadEventSignature('The event is not JSON');
      }
      const event = sandboxEventSchema.safeParse(parsed);
      if (!event.success) throw new BadEventSignature('The event is not a sandbox event');
      const { id, type, data } = event.data;
      if (type !== SANDBOX_SUCCEEDED && type !== SANDBOX_DECLINED) return { id, outcome: 'ignored' };
      return {
        id,
        outcome: type === SANDBOX_SUCCEEDED ? 'succeeded' : 'failed',
        organizationId: Number(data.metadata.organization_id),
        checkoutId: data.metadata.checkout_id,
        amountCents: data.amount_cents,
        failureMessage: data.failure_message,
      };
    },
  };
}
