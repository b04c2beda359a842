import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCheckouts } from '../../db/schema/index';
import { clientFigures, invoiceOf, issuedInvoice } from '../../../test/money-records';
import { portalPaymentsOf } from '../../../test/portal';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createClient, expectStatus, organizationIdOf } from '../../../test/work-records';
import { BAD_SIGNATURE } from './portal.routes';
import { stripeProvider } from './providers/stripe-provider';

const WEBHOOK_SECRET = 'whsec_test_portal_webhook_secret';
const SECRET_KEY = 'sk_test_portal_never_sent_anywhere';

/** The SDK's own signer, as Stripe's servers sign a delivery. */
const sdk = new Stripe(SECRET_KEY);
const sign = (payload: string, secret = WEBHOOK_SECRET) => sdk.webhooks.generateTestHeaderString({ payload, secret });

function sessionEvent(
  id: string,
  type: string,
  session: { checkoutId: string; organizationId: number; amount: number; paymentStatus?: string },
): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: {
      object: {
        id: `cs_test_${session.checkoutId}`,
        object: 'checkout.session',
        amount_total: session.amount,
        currency: 'usd',
        payment_status: session.paymentStatus ?? 'paid',
        client_reference_id: session.checkoutId,
        metadata: { organization_id: String(session.organizationId), checkout_id: session.checkoutId },
      },
    },
  });
}

/**
 * Stripe through its official SDK (ADR 0146), with no network: webhooks signed by the SDK's
 * generateTestHeaderString, and checkout creation answered by an HTTP client of the test's.
 */
describe('Stripe provider', () => {
  let testApp: TestApp;
  let admin: Session;
  let organizationId: number;

  const deliver = (payload: string, signature = sign(payload)) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  /** An issued invoice and an open Stripe checkout of the portal for part of it. */
  async function openCheckout(amount: number) {
    const client = await createClient(admin);
    const invoice = await issuedInvoice(admin, client.id, 10_000);
    const checkoutId = crypto.randomUUID();
    await testApp.context.database.db.insert(paymentCheckouts).values({
      organizationId,
      id: checkoutId,
      invoiceId: invoice.id,
      clientId: client.id,
      provider: 'stripe',
      amountCents: amount,
      providerCheckoutId: `cs_test_${checkoutId}`,
      url: 'https://checkout.stripe.com/c/pay/cs_test',
    });
    return { clientId: client.id, invoiceId: invoice.id, checkoutId };
  }

  beforeAll(async () => {
    testApp = await createTestApp({
      logLevel: 'error',
      stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
    });
    admin = await signedIn(testApp.app, 'admin');
    organizationId = await organizationIdOf(testApp, 'demo');
  });
  afterAll(() => testApp.close());

  it('records checkout.session.completed once, however often and however concurrently it is delivered', async () => {
    const { clientId, invoiceId, checkoutId } = await openCheckout(4000);
    const payload = sessionEvent('evt_completed_1', 'checkout.session.completed', {
      checkoutId,
      organizationId,
      amount: 4000,
    });
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(payload)));
    for (const answer of answers) expectStatus(answer, 200);
    expect(answers.filter((answer) => answer.json().result === 'recorded')).toHaveLength(1);
    const recorded = await portalPaymentsOf(testApp, clientId);
    expect(recorded.map((row) => [row.amountCents, row.provider, row.providerEventId])).toEqual([
      [4000, 'stripe', 'evt_completed_1'],
    ]);
    expect(await invoiceOf(admin, invoiceId)).toMatchObject({ status: 'partial', balance_cents: 6000 });
    // A later expiry of the same session changes nothing.
    const expired = sessionEvent('evt_expired_1', 'checkout.session.expired', {
      checkoutId,
      organizationId,
      amount: 4000,
    });
    expectStatus(await deliver(expired), 200);
    expect(await portalPaymentsOf(testApp, clientId)).toHaveLength(1);
    const figures = await clientFigures(testApp, clientId);
    expect(figures.ledger).toBe(figures.openBalances - figures.unapplied);
  });

  it('waits for an unpaid completion and records the async success; an async failure records nothing', async () => {
    const paid = await openCheckout(2500);
    const pending = sessionEvent('evt_unpaid', 'checkout.session.completed', {
      ...paid,
      organizationId,
      amount: 2500,
      paymentStatus: 'unpaid',
    });
    expect((await deliver(pending)).json().result).toBe('ignored');
    const succeeded = sessionEvent('evt_async_ok', 'checkout.session.async_payment_succeeded', {
      ...paid,
      organizationId,
      amount: 2500,
    });
    expect((await deliver(succeeded)).json().result).toBe('recorded');
    expect(await portalPaymentsOf(testApp, paid.clientId)).toHaveLength(1);

    const failing = await openCheckout(1000);
    const failed = sessionEvent('evt_async_fail', 'checkout.session.async_payment_failed', {
      ...failing,
      organizationId,
      amount: 1000,
    });
    expect((await deliver(failed)).json().result).toBe('failed');
    expect(await portalPaymentsOf(testApp, failing.clientId)).toEqual([]);
  });

  it('refuses a forged or altered event with 400 and records nothing; ignores events of other kinds', async () => {
    const { clientId, checkoutId } = await openCheckout(3000);
    const payload = sessionEvent('evt_forged', 'checkout.session.completed', {
      checkoutId,
      organizationId,
      amount: 3000,
    });
    const forged = await deliver(payload, sign(payload, 'whsec_someone_else'));
    expectStatus(forged, 400);
    expect(forged.json().error).toBe(BAD_SIGNATURE);
    expectStatus(await deliver(payload.replace('"amount_total":3000', '"amount_total":30'), sign(payload)), 400);
    expectStatus(await deliver(payload, 'garbage'), 400);
    expect(await portalPaymentsOf(testApp, clientId)).toEqual([]);
    const other = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: {} } });
    const ignored = await deliver(other);
    expectStatus(ignored, 200);
    expect(ignored.json().result).toBe('ignored');
    // The sandbox's webhook is closed while Stripe is the provider.
    expectStatus(await testApp.app.inject({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: {} }), 404);
  });

  it('creates a Checkout Session for the amount, with our checkout id as idempotency key and metadata', async () => {
    const requests: { url: string; body: string; headers: Record<string, string> }[] = [];
    const fakeFetch = (async (url: string | URL, init?: RequestInit) => {
      requests.push({
        url: String(url),
        body: String(init?.body ?? ''),
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
      });
      return new Response(
        JSON.stringify({
          id: 'cs_test_made',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_made',
        }),
        { status: 200, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } },
      );
    }) as typeof fetch;
    const client = new Stripe(SECRET_KEY, {
      httpClient: Stripe.createFetchHttpClient(fakeFetch),
      maxNetworkRetries: 0,
    });
    const provider = stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }, client);
    const made = await provider.createCheckout({
      checkoutId: '0b5a3c9e-1111-4222-8333-944445555666',
      organizationId: 7,
      amountCents: 12_345,
      description: 'Invoice INV-9',
      successUrl: 'https://demo.example/client-portal/payment?checkout=0b5a3c9e-1111-4222-8333-944445555666',
      cancelUrl: 'https://demo.example/client-portal/invoice',
    });
    expect(made).toEqual({ providerCheckoutId: 'cs_test_made', url: 'https://checkout.stripe.com/c/pay/cs_test_made' });
    expect(requests).toHaveLength(1);
    const sent = new URLSearchParams(requests[0]!.body);
    expect(requests[0]!.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(requests[0]!.headers['idempotency-key']).toBe('portal-checkout-0b5a3c9e-1111-4222-8333-944445555666');
    expect(sent.get('mode')).toBe('payment');
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('12345');
    expect(sent.get('metadata[organization_id]')).toBe('7');
    expect(sent.get('metadata[checkout_id]')).toBe('0b5a3c9e-1111-4222-8333-944445555666');
    expect(sent.get('success_url')).toContain('/client-portal/payment?checkout=');
  });
});
