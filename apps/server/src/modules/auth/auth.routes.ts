import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { forbidden, unauthorized } from '../../lib/errors';
import { sessionUserOf } from '../../plugins/auth-guard';
import { resolveRequestOrganization } from '../../plugins/tenancy';
import { completeSignIn, currentUser, refreshSession, verifyCredentials } from './auth.service';
import { CSRF_HEADER, REFRESH_COOKIE, clearSessionCookies, setSessionCookies } from './cookies';
import { revokeFamily } from './sessions';

export function registerAuthRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const secure = context.secureCookies;

  routes.post(
    '/login',
    {
      config: { permission: 'public' },
      schema: { body: loginSchema, tags: ['auth'] },
    },
    async (request, reply) => {
      const lookup = await resolveRequestOrganization(context, request);
      const candidate = await verifyCredentials(context, request.body, lookup, request.ip);
      const { user, tokens } = await completeSignIn(context, candidate.organizationId, candidate.id);
      request.log.info({ userId: user.id, organizationId: user.organization_id }, 'signed in');
      setSessionCookies(reply, tokens, secure);
      return user;
    },
  );

  routes.post('/refresh', { config: { permission: 'public' }, schema: { tags: ['auth'] } }, async (request, reply) => {
    const outcome = await refreshSession(context, request.cookies[REFRESH_COOKIE], request.headers[CSRF_HEADER]);
    if (outcome.kind === 'csrf') throw forbidden('CSRF token missing or incorrect');
    if (outcome.kind === 'refused') {
      clearSessionCookies(reply, secure);
      throw unauthorized(outcome.message);
    }
    setSessionCookies(reply, outcome.signedIn.tokens, secure);
    return outcome.signedIn.user;
  });

  routes.get('/user', { config: { permission: 'signed-in' }, schema: { tags: ['auth'] } }, async (request) => {
    const user = sessionUserOf(request);
    return currentUser(context, user.organizationId, user.id);
  });

  routes.delete('/logout', { config: { permission: 'public' }, schema: { tags: ['auth'] } }, async (request, reply) => {
    const refreshToken = request.cookies[REFRESH_COOKIE];
    const verdict = refreshToken ? await context.tokens.verifyRefresh(refreshToken) : null;
    if (verdict?.ok) {
      const { organizationId, familyId } = verdict.claims;
      await withTenant(context.database.db, organizationId, (tx) => revokeFamily(tx, organizationId, familyId));
    }
    clearSessionCookies(reply, secure);
    return reply.status(204).send();
  });
}
