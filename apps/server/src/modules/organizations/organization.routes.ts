import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { dateInZone } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { organizations } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { errorAnswer } from '../../plugins/error-answers';
import { optionalSessionUser } from '../../plugins/auth-guard';
import { resolveRequestOrganization } from '../../plugins/tenancy';
import { logoUrlOf } from '../organization-settings/settings.service';

/**
 * The organization the request names (host, Origin, development header) or, when it names
 * none, the signed-in caller's own (DESIGN.md Tenancy); null when there is neither.
 */
async function configuredOrganizationId(context: AppContext, request: FastifyRequest): Promise<number | null> {
  const lookup = await resolveRequestOrganization(context, request);
  if (lookup.kind === 'found') return lookup.organization.id;
  if (lookup.kind === 'unknown') return null;
  return (await optionalSessionUser(context, request))?.organizationId ?? null;
}

const organizationConfigAnswer = z.object({
  organization_id: z.int(),
  name: z.string(),
  subdomain: z.string(),
  status: z.string(),
  time_zone: z.string(),
  /** The firm's date now (ADR 0200): the web app's default dates come from it, not the browser's. */
  today: z.iso.date(),
  /** The server's clock, so a page left open past midnight, or a browser clock set wrong, still finds the firm's date. */
  now: z.iso.datetime(),
  branding: z.object({ primaryColor: z.string(), secondaryColor: z.string() }),
  logo_url: z.string().nullable(),
});

export function registerOrganizationRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /**
   * SPEC 7: the organization's configuration (name, branding, logo), public since it shows
   * before sign-in. The page reads it once: its colours, name and logo dress the shell (ADR 0168).
   */
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
      const organizationId = await configuredOrganizationId(context, request);
      if (organizationId === null) throw notFound('Organization not found');
      const [row] = await context.database.db.select().from(organizations).where(eq(organizations.id, organizationId));
      if (!row) throw notFound('Organization not found');
      const now = new Date();
      return {
        organization_id: row.id,
        name: row.name,
        subdomain: row.subdomain,
        status: row.status,
        time_zone: row.timeZone,
        today: dateInZone(now, row.timeZone),
        now: now.toISOString(),
        branding: { primaryColor: row.primaryColor, secondaryColor: row.secondaryColor },
        logo_url: logoUrlOf(row.subdomain, row.logoFile),
      };
    },
  );
}
