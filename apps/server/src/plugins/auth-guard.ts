import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission, permissionRequiredMessage } from '@practice/shared';
import type { AppContext } from '../app-context';
import { forbidden, unauthorized } from '../lib/errors';
import { ACCESS_COOKIE, CSRF_HEADER } from '../modules/auth/cookies';
import { checkSession } from '../modules/auth/session-check';
import { resolveRequestOrganization } from './tenancy';
import type { DeclaredRoute, SessionUser } from './route-permission';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const ORGANIZATION_MISMATCH = 'This account does not belong to this organization';

async function authenticate(context: AppContext, request: FastifyRequest): Promise<SessionUser> {
  const token = request.cookies[ACCESS_COOKIE];
  if (!token) throw unauthorized('No authentication token found');
  const verdict = await context.tokens.verifyAccess(token);
  if (!verdict.ok) throw unauthorized(verdict.reason === 'expired' ? 'Token has expired' : 'Invalid token');
  const { userId, organizationId, csrf } = verdict.claims;
  const session = await checkSession(context.database, verdict.claims);
  if (session.kind === 'malformed') throw unauthorized('Invalid token');
  if (session.kind === 'revoked') throw unauthorized('Token has been revoked');
  if (session.kind === 'no-user') throw unauthorized('User not found');
  return { id: userId, organizationId, username: session.username, csrf, fullRole: session.fullRole };
}

/** The signed-in user's token names his organization; a request for another one is refused. */
async function checkOrganization(context: AppContext, request: FastifyRequest, user: SessionUser): Promise<void> {
  const lookup = await resolveRequestOrganization(context, request);
  if (lookup.kind === 'none') return;
  if (lookup.kind === 'unknown' || lookup.organization.id !== user.organizationId) {
    request.log.warn({ userId: user.id, organizationId: user.organizationId }, 'organization mismatch');
    throw forbidden(ORGANIZATION_MISMATCH);
  }
}

function checkCsrf(request: FastifyRequest, user: SessionUser): void {
  if (SAFE_METHODS.has(request.method)) return;
  // A beacon cannot set headers: a route that takes one names a query parameter for the value (ADR 0159).
  const parameter = request.routeOptions.config.csrfQueryParameter;
  const fromQuery = parameter ? (request.query as Record<string, unknown> | undefined)?.[parameter] : undefined;
  const sent = request.headers[CSRF_HEADER] ?? fromQuery;
  if (sent !== user.csrf) {
    request.log.warn({ userId: user.id, organizationId: user.organizationId }, 'csrf check failed');
    throw forbidden('CSRF token missing or incorrect');
  }
}

/**
 * Enforces each route's declared permission (plugins/route-permission.ts): session, then
 * organization, then CSRF, then the permission flag. A route without a declaration makes
 * the app refuse to start; the declarations are kept in `app.declaredRoutes`.
 * It runs on request, before the body is validated, so a caller without the right learns
 * nothing about a route's input and gets the same 401/403 whatever he sends.
 */
export function registerAuthGuard(app: FastifyInstance, context: AppContext): void {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.decorateRequest('sessionUser', null);
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission) throw new Error(`Route ${String(route.method)} ${route.url} declares no permission`);
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, permission });
  });
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (permission === undefined || permission === 'public') return;
    const user = await authenticate(context, request);
    await checkOrganization(context, request, user);
    checkCsrf(request, user);
    if (permission !== 'signed-in' && !hasPermission(user.fullRole, permission)) {
      request.log.warn({ userId: user.id, organizationId: user.organizationId, permission }, 'permission denied');
      throw forbidden(permissionRequiredMessage(permission));
    }
    request.sessionUser = user;
  });
}

/**
 * The user of a public route that tells a signed-in caller more (the organization's
 * configuration on a host that names none): null without an access cookie; a cookie that
 * fails the check answers 401 as on any route, so the page refreshes its session and asks again.
 */
export async function optionalSessionUser(context: AppContext, request: FastifyRequest): Promise<SessionUser | null> {
  if (!request.cookies[ACCESS_COOKIE]) return null;
  return authenticate(context, request);
}

/** The signed-in user of a route that declared a permission other than `public`. */
export function sessionUserOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized('No authentication token found');
  return request.sessionUser;
}
