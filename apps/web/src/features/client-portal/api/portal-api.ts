import type { PortalCheckout, PortalInvoice } from '@practice/shared';
import { apiBaseUrl } from '../../../config/runtime';
import { ApiError, errorFromResponse, networkError } from '../../../lib/api-error';

/**
 * The portal's calls (API.md "Client portal"). Not the app's client: a portal visitor has no
 * staff session to refresh; his session is the portal cookie, and its CSRF value comes in the
 * invoice's answers (kept for this tab, so a reload can still pay).
 */
const CSRF_KEY = 'portal-csrf';

function rememberCsrf(body: { csrf?: string }): void {
  if (body.csrf) sessionStorage.setItem(CSRF_KEY, body.csrf);
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const sent: Record<string, string> = { Accept: 'application/json', ...headers };
  if (body !== undefined) sent['Content-Type'] = 'application/json';
  const csrf = sessionStorage.getItem(CSRF_KEY);
  if (method !== 'GET' && csrf) sent['X-CSRF-TOKEN'] = csrf;
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${path}`, {
      method,
      credentials: 'include',
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as T;
}

export async function openPortalSession(accessCode: string): Promise<PortalInvoice> {
  const invoice = await call<PortalInvoice>('POST', '/client-portal/session', { access_code: accessCode });
  rememberCsrf(invoice);
  return invoice;
}

export async function fetchPortalInvoice(): Promise<PortalInvoice> {
  const invoice = await call<PortalInvoice>('GET', '/client-portal/invoice');
  rememberCsrf(invoice);
  return invoice;
}

export const startPortalPayment = (amountCents: number, idempotencyKey: string) =>
  call<PortalCheckout>(
    'POST',
    '/client-portal/payment',
    { amount_cents: amountCents },
    { 'Idempotency-Key': idempotencyKey },
  );

export const fetchPortalCheckout = (checkoutId: string) =>
  call<PortalCheckout>('GET', `/client-portal/payment/${encodeURIComponent(checkoutId)}`);

/** The invoice's PDF, through the session cookie. */
export const portalPdfHref = () => `${apiBaseUrl()}/client-portal/invoice/pdf`;

/** Where the browser goes for the provider's card step: Stripe's absolute address, or a path of our API (the sandbox). */
export const providerCheckoutHref = (url: string) => new URL(url, `${apiBaseUrl()}/`).href;

/** A 401 of a portal call: no session, or it ended. */
export const sessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;
