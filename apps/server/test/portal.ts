import type { LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { paymentCheckouts, payments, sandboxEvents } from '../src/db/schema/index';
import type { TestApp } from './test-app';
import { PORTAL_COOKIE } from '../src/modules/client-portal/portal-session';
import {
  createSandboxDelivery,
  injectPoster,
  type WebhookPoster,
} from '../src/modules/client-portal/providers/sandbox-delivery';
import { sandboxWebhookSecret } from '../src/modules/client-portal/providers/sandbox-signature';

/** A client's browser in the portal: its portal cookies, and its address. */
export class PortalBrowser {
  readonly cookies = new Map<string, string>();
  /** The CSRF value the last invoice answer carried, as the page keeps it. */
  csrf: string | undefined;

  constructor(
    private readonly testApp: TestApp,
    readonly address = '198.51.100.7',
  ) {}

  async request(options: {
    method?: 'GET' | 'POST';
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
    csrf?: boolean;
  }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    const jar = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (jar) headers.cookie = jar;
    if ((options.method ?? 'GET') !== 'GET' && options.csrf !== false && this.csrf) headers['x-csrf-token'] = this.csrf;
    const response = await this.testApp.app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      headers,
      remoteAddress: this.address,
      ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
    });
    for (const cookie of response.cookies as { name: string; value: string }[])
      this.cookies.set(cookie.name, cookie.value);
    if (response.headers['content-type']?.toString().includes('json')) {
      const body = response.json() as { csrf?: unknown };
      if (typeof body.csrf === 'string') this.csrf = body.csrf;
    }
    return response;
  }

  open(code: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'POST', url: '/client-portal/session', payload: { access_code: code }, headers });
  }

  get session(): string | undefined {
    return this.cookies.get(PORTAL_COOKIE);
  }
}

/** A second worker on the sandbox's queue, driven by the test (the app's own one polls every 5 s). */
export function testDelivery(testApp: TestApp, post: WebhookPoster = injectPoster(testApp.app)) {
  return createSandboxDelivery(
    testApp.context.database.db,
    sandboxWebhookSecret(testApp.context.config.secretKey),
    post,
    testApp.app.log,
    { pollMs: 3_600_000 },
  );
}

/** Makes every pending sandbox event due now (a test does not wait out the backoff). */
export async function makeEventsDue(testApp: TestApp): Promise<void> {
  await testApp.context.database.db
    .update(sandboxEvents)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(sandboxEvents.status, 'pending'));
}

export async function portalPaymentsOf(testApp: TestApp, clientId: number) {
  return testApp.context.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.clientId, clientId), eq(payments.source, 'portal')));
}

export async function checkoutRow(testApp: TestApp, checkoutId: string) {
  const [row] = await testApp.context.database.db
    .select()
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.id, checkoutId));
  return row;
}

/** Every checkout of an invoice, read as the table owner: what a refused request must not have left. */
export async function checkoutsOf(testApp: TestApp, organizationId: number, invoiceId: number) {
  return testApp.context.database.db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.organizationId, organizationId), eq(paymentCheckouts.invoiceId, invoiceId)));
}
