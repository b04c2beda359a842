import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { organizations } from '../../db/schema/index';
import { clearAccessCookies, clearRefreshCookies } from '../auth/cookies';

/** Development-only calls of SPEC 7 (the dev panel); never registered in production. */
export function registerDevRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/dev/organizations', { config: { permission: 'public' } }, async () => {
    const rows = await context.database.db
      .select({
        organization_id: organizations.id,
        name: organizations.name,
        subdomain: organizations.subdomain,
        status: organizations.status,
      })
      .from(organizations)
      .orderBy(organizations.name);
    return { organizations: rows };
  });

  routes.post(
    '/logout',
    {
      config: { permission: 'signed-in' },
      schema: { body: z.object({ logout_type: z.enum(['access_only', 'refresh_only']) }) },
    },
    async (request, reply) => {
      if (request.body.logout_type === 'access_only') clearAccessCookies(reply, context.secureCookies);
      else clearRefreshCookies(reply, context.secureCookies);
      return { ok: true, logout_type: request.body.logout_type };
    },
  );
}
