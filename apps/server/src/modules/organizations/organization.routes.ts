import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { organizations } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { errorAnswer } from '../../plugins/error-answers';
import { resolveRequestOrganization } from '../../plugins/tenancy';
import { logoUrlOf } from '../organization-settings/settings.service';

const organizationConfigAnswer = z.object({
  organization_id: z.int(),
  name: z.string(),
  subdomain: z.string(),
  status: z.string(),
  time_zone: z.string(),
  branding: z.object({ primaryColor: z.string(), secondaryColor: z.string() }),
  logo_url: z.string().nullable(),
});

export function registerOrganizationRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** SPEC 7: the branding of the organization the page's subdomain names; public, it shows before sign-in. */
  routes.get(
    '/api/organization/config',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Read the public configuration of the firm at this address',
        tags: ['organization'],
        response: { 200: organizationConfigAnswer, 404: errorAnswer(404, 'No firm at this address') },
      },
    },
    async (request) => {
      const lookup = await resolveRequestOrganization(context, request);
      if (lookup.kind !== 'found') throw notFound('Organization not found');
      const [row] = await context.database.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, lookup.organization.id));
      if (!row) throw notFound('Organization not found');
      return {
        organization_id: row.id,
        name: row.name,
        subdomain: row.subdomain,
        status: row.status,
        time_zone: row.timeZone,
        branding: { primaryColor: row.primaryColor, secondaryColor: row.secondaryColor },
        logo_url: logoUrlOf(row.subdomain, row.logoFile),
      };
    },
  );
}
