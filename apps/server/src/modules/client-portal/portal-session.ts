import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../../lib/errors';

export const PORTAL_COOKIE = 'portal_session';
export const PORTAL_SESSION_SECONDS = 30 * 60;
export const PORTAL_SESSION_EXPIRED = 'Your portal session has ended: open the link in your invoice e-mail again';
const COOKIE_PATH = '/client-portal';

/** What a portal session may read: one invoice of one firm, until `expiresAt` (ADR 0143). */
export type PortalSession = { organizationId: number; invoiceId: number; csrf: string; expiresAt: number };

function keyOf(secretKey: string): Buffer {
  return createHmac('sha256', secretKey).update('client-portal-session').digest();
}

function mac(secretKey: string, payload: string): Buffer {
  return createHmac('sha256', keyOf(secretKey)).update(payload).digest();
}

export function signPortalSession(secretKey: string, session: PortalSession): string {
  const payload = Buffer.from(
    JSON.stringify({ o: session.organizationId, i: session.invoiceId, c: session.csrf, e: session.expiresAt }),
  ).toString('base64url');
  return `${payload}.${mac(secretKey, payload).toString('base64url')}`;
}

/** The session a cookie carries, or null when it is missing, altered or expired. */
export function readPortalSession(
  secretKey: string,
  cookie: string | undefined,
  now = Date.now(),
): PortalSession | null {
  if (!cookie || cookie.length > 1000) return null;
  const [payload, signature, extra] = cookie.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secretKey, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { o, i, c, e } = claims;
    if (typeof o !== 'number' || typeof i !== 'number' || typeof c !== 'string' || typeof e !== 'number') return null;
    if (e <= now) return null;
    return { organizationId: o, invoiceId: i, csrf: c, expiresAt: e };
  } catch {
    return null;
  }
}

/**
 * Opens a session for one invoice: an HttpOnly signed cookie. Its CSRF value is inside it and
 * goes to the page in the invoice's answers (a page on the firm's address cannot read the API
 * host's cookies); writes echo it as X-CSRF-TOKEN.
 */
export function openPortalSession(
  reply: FastifyReply,
  settings: { secretKey: string; secure: boolean },
  target: { organizationId: number; invoiceId: number },
): PortalSession {
  const session: PortalSession = {
    ...target,
    csrf: randomBytes(18).toString('base64url'),
    expiresAt: Date.now() + PORTAL_SESSION_SECONDS * 1000,
  };
  const base = { path: COOKIE_PATH, sameSite: 'lax' as const, secure: settings.secure, maxAge: PORTAL_SESSION_SECONDS };
  reply.setCookie(PORTAL_COOKIE, signPortalSession(settings.secretKey, session), { ...base, httpOnly: true });
  return session;
}

/** The request's portal session; none or an ended one is 401, a write without its CSRF value 403. */
export function portalSessionOf(request: FastifyRequest, secretKey: string): PortalSession {
  const session = readPortalSession(secretKey, request.cookies[PORTAL_COOKIE]);
  if (!session) throw new AppError(401, PORTAL_SESSION_EXPIRED);
  if (request.method !== 'GET' && request.headers['x-csrf-token'] !== session.csrf) {
    throw forbidden('CSRF token missing or incorrect');
  }
  return session;
}
