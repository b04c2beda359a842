import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INVALID_ACCESS_CODE, portalPaymentSchema, portalSessionSchema } from '@practice/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { pdfAnswer } from '../../lib/file-answers';
import { errorAnswer, rateLimitedAnswer } from '../../plugins/error-answers';
import type { MailDelivery } from '../../mail/delivery';
import { resolveRequestOrganization } from '../../plugins/tenancy';
import { invoicePdf } from '../invoices/invoice-pdf.service';
import { requiredIdempotencyKeyHeaders } from '../payments/idempotency';
import { settleCheckout } from '../payments/provider-payments.service';
import { portalCheckoutAnswer, portalInvoiceAnswer, webhookAnswer } from './portal-answers';
import { invoiceForCode } from './portal-access';
import { CHECKOUT_NOT_FOUND, getCheckout, startCheckout } from './portal-checkout.service';
import { loadPortalInvoice, portalInvoiceView } from './portal-invoice';
import { openPortalSession, portalSessionOf } from './portal-session';
import { BadEventSignature, type PaymentProvider } from './providers/provider';
import { registerSandboxPages } from './providers/sandbox-page';
import { createSandboxDelivery, injectPoster } from './providers/sandbox-delivery';
import { sandboxWebhookSecret } from './providers/sandbox-signature';

export const BAD_SIGNATURE = 'The event signature is not valid';

const checkoutParams = z.object({ checkoutId: z.string().max(100) });
const noPortalSession = errorAnswer(401, 'No portal session, or an expired one');
const webhookParams = z.object({ provider: z.string().max(40) });

/**
 * API.md "Client portal" (issue 14, ADR 0143 to 0146): the access code opens a short session
 * bound to one invoice; the client reads it, downloads its PDF and pays through the provider;
 * the provider's signed event records the payment.
 */
export function registerClientPortalRoutes(
  app: FastifyInstance,
  context: AppContext,
  mail: MailDelivery,
  provider: PaymentProvider,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const { secretKey, publicUrl } = context.config;
  const tags = ['client-portal'];
  const sessionOf = (request: Parameters<typeof portalSessionOf>[0]) => portalSessionOf(request, secretKey);

  routes.post(
    '/client-portal/session',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Open a client portal session from an invoice link',
        body: portalSessionSchema,
        tags,
        response: {
          200: portalInvoiceAnswer,
          429: rateLimitedAnswer('Too many wrong access codes from this address'),
        },
      },
    },
    async (request, reply) => {
      const target = await invoiceForCode(db, request.body.access_code, request.ip);
      // At a firm's own address, only that firm's codes open anything (the address the e-mail printed).
      const named = await resolveRequestOrganization(context, request);
      if (named.kind === 'unknown' || (named.kind === 'found' && named.organization.id !== target.organizationId)) {
        throw notFound(INVALID_ACCESS_CODE);
      }
      const summary = await withTenant(db, target.organizationId, (tx) =>
        loadPortalInvoice(tx, target.organizationId, target.invoiceId),
      );
      const session = openPortalSession(reply, { secretKey, secure: context.secureCookies }, target);
      return { ...summary, csrf: session.csrf };
    },
  );

  routes.get(
    '/client-portal/invoice',
    {
      config: { permission: 'public' },
      schema: {
        summary: "Read the portal session's invoice",
        tags,
        response: {
          404: errorAnswer(404, 'The invoice of the session was voided'),
          200: portalInvoiceAnswer,
          401: noPortalSession,
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const invoice = await withTenant(db, session.organizationId, (tx) =>
        loadPortalInvoice(tx, session.organizationId, session.invoiceId),
      );
      return { ...invoice, csrf: session.csrf };
    },
  );

  routes.get(
    '/client-portal/invoice/pdf',
    {
      config: { permission: 'public' },
      schema: {
        summary: "Download the portal session's invoice as PDF",
        tags,
        response: {
          404: errorAnswer(404, 'The invoice of the session was voided'),
          200: pdfAnswer('The invoice as printed'),
          401: noPortalSession,
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      await withTenant(db, session.organizationId, (tx) =>
        portalInvoiceView(tx, session.organizationId, session.invoiceId),
      );
      const pdf = await invoicePdf(
        db,
        { actor: { organizationId: session.organizationId } as Parameters<typeof invoicePdf>[1]['actor'], publicUrl },
        session.invoiceId,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf.content);
    },
  );

  routes.post(
    '/client-portal/payment',
    {
      config: { permission: 'public' },
      schema: {
        summary: "Start paying the portal session's invoice",
        body: portalPaymentSchema,
        headers: requiredIdempotencyKeyHeaders,
        tags,
        response: {
          201: portalCheckoutAnswer,
          400: errorAnswer(400, 'The amount breaks a rule, or the Idempotency-Key is missing or malformed'),
          401: noPortalSession,
          403: errorAnswer(403, 'The CSRF value is missing'),
          409: errorAnswer(409, 'The invoice has nothing left to pay, or open checkouts hold the amount asked'),
          422: errorAnswer(422, 'The amount is above the balance'),
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const key = request.headers['idempotency-key'];
      return reply.status(201).send(await startCheckout(db, provider, publicUrl, session, request.body, key));
    },
  );

  routes.get(
    '/client-portal/payment/:checkoutId',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Read the outcome of a portal payment',
        params: checkoutParams,
        tags,
        response: { 200: portalCheckoutAnswer, 401: noPortalSession },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      if (!/^[0-9a-f-]{36}$/.test(request.params.checkoutId)) throw notFound(CHECKOUT_NOT_FOUND);
      return getCheckout(db, session, request.params.checkoutId);
    },
  );

  // The provider's signature covers the exact bytes it sent: this scope keeps the body raw.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/webhooks/:provider',
      {
        config: { permission: 'public' },
        schema: {
          summary: "Receive a payment provider's signed event",
          params: webhookParams,
          tags,
          response: { 200: webhookAnswer },
        },
        bodyLimit: 256 * 1024,
      },
      async (request) => {
        if (request.params.provider !== provider.name) throw notFound('Unknown payment provider');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        let event;
        try {
          event = provider.verifyEvent(raw, request.headers);
        } catch (error) {
          if (!(error instanceof BadEventSignature)) throw error;
          request.log.warn({ provider: provider.name, reason: error.message }, 'payment webhook refused');
          throw badRequest(BAD_SIGNATURE);
        }
        if (event.outcome === 'ignored') return { received: true, result: 'ignored' };
        const settled = await settleCheckout(db, {
          provider: provider.name,
          eventId: event.id,
          organizationId: event.organizationId,
          checkoutId: event.checkoutId,
          outcome: event.outcome,
          amountCents: event.amountCents,
          failureMessage: event.failureMessage,
        });
        // Outside our transaction: a provider that fails answers 500, and its redelivery asks again.
        if (settled.refund) await provider.refund(settled.refund);
        if (settled.mailed) mail.kick();
        if (settled.result === 'unknown-checkout') {
          request.log.warn({ provider: provider.name, eventId: event.id }, 'payment event for an unknown checkout');
        }
        return { received: true, result: settled.result };
      },
    );
  });

  if (provider.name === 'sandbox') {
    if (context.config.appEnv === 'production') {
      app.log.warn('client portal payments use the sandbox provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    const delivery = createSandboxDelivery(db, sandboxWebhookSecret(secretKey), injectPoster(app), app.log);
    app.addHook('onClose', () => delivery.stop());
    registerSandboxPages(app, db, delivery.kick);
  }
}
