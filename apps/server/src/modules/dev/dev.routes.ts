import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { organizations } from '../../db/schema/index';
import { clearAccessCookies, clearRefreshCookies } from '../auth/cookies';

const organizationsAnswer = z.object({
  organizations: z.array(
    z.object({ organization_id: z.int(), name: z.string(), subdomain: z.string(), status: z.string() }),
  ),
});
const logoutType = z.enum(['access_only', 'refresh_only']);

/** Development-only calls of SPEC 7 (the dev panel); never registered in production. */
export function registerDevRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['development'];

  routes.get(
    '/api/dev/organizations',
    {
      config: { permission: 'public' },
      schema: { summary: 'List the organizations (development only)', tags, response: { 200: organizationsAnswer } },
    },
    async () => {
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
    },
  );

  routes.post(
    '/logout',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: 'Drop the access or the refresh cookie (development only)',
        tags,
        body: z.object({ logout_type: logoutType }),
        response: { 200: z.object({ ok: z.boolean(), logout_type: logoutType }) },
      },
    },
    async (request, reply) => {
      if (request.body.logout_type === 'access_only') clearAccessCookies(reply, context.secureCookies);
      else clearRefreshCookies(reply, context.secureCookies);
      return { ok: true, logout_type: request.body.logout_type };
    },
  );
}
