import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import { organizationSettingsSchema } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { errorAnswer } from '../../plugins/error-answers';
import { organizations } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { fileAnswer } from '../../lib/file-answers';
import { sessionUserOf } from '../../plugins/auth-guard';
import { resolveRequestOrganization } from '../../plugins/tenancy';
import { createFileStore } from '../uploads/file-store';
import { readSingleUpload } from '../uploads/single-upload';
import { LOGO_RULES, readLogo, replaceLogo } from './logo.service';
import { settingsAnswer } from './settings-answers';
import { getSettings, LOGO_PATH, updateSettings } from './settings.service';

const logoQuery = z.object({
  org: z.string().max(63).optional(),
  v: z.string().max(32).optional(),
});

export function registerOrganizationSettingsRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const store = createFileStore(context.config.dataDir);
  const tags = ['organization'];

  routes.get(
    '/api/organization/settings',
    {
      config: { permission: 'can_view_admin_page' },
      schema: { summary: "Read the firm's settings", tags, response: { 200: settingsAnswer } },
    },
    async (request) => getSettings(db, sessionUserOf(request)),
  );

  routes.put(
    '/api/organization/settings',
    {
      config: { permission: 'all' },
      schema: {
        summary: "Update the firm's settings",
        body: organizationSettingsSchema,
        tags,
        response: {
          409: errorAnswer(409, 'The settings were changed by someone else since they were read'),
          200: settingsAnswer,
        },
      },
    },
    async (request) => updateSettings(db, sessionUserOf(request), request.body),
  );

  routes.delete(
    LOGO_PATH,
    {
      config: { permission: 'all' },
      schema: { summary: "Remove the firm's logo", tags, response: { 200: settingsAnswer } },
    },
    async (request) => replaceLogo(db, store, sessionUserOf(request), null),
  );

  /**
   * The firm's logo, public like its colours: the shell, the portal and invoices show it.
   * The firm is the one the request's host (or Origin, or development header) names; an
   * <img> on the api host sends none of those, so `org` names the subdomain then (a logo is
   * no secret). Raster only, never sniffed, never run as a document.
   */
  routes.get(
    LOGO_PATH,
    {
      config: { permission: 'public' },
      schema: {
        summary: "Download the firm's logo",
        querystring: logoQuery,
        tags,
        response: {
          404: errorAnswer(404, 'The firm has no logo'),
          200: fileAnswer('The logo', [...(LOGO_RULES.types ?? [])]),
        },
      },
    },
    async (request: FastifyRequest<{ Querystring: z.infer<typeof logoQuery> }>, reply) => {
      const lookup = await resolveRequestOrganization(context, request);
      let organizationId: number | null = lookup.kind === 'found' ? lookup.organization.id : null;
      if (lookup.kind === 'none' && request.query.org) {
        const [row] = await db
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.subdomain, request.query.org.toLowerCase()));
        organizationId = row?.id ?? null;
      }
      if (organizationId === null) throw notFound('Organization not found');
      const logo = await readLogo(db, store, organizationId);
      if (!logo) throw notFound('This firm has no logo');
      return reply
        .header('content-type', logo.contentType)
        .header('content-disposition', `attachment; filename="logo.${logo.contentType.split('/')[1]}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=300')
        .send(logo.content);
    },
  );

  // Multipart parsing exists in this scope only.
  app.register(async (scope) => {
    await scope.register(multipart);
    scope.withTypeProvider<ZodTypeProvider>().post(
      LOGO_PATH,
      {
        config: { permission: 'all' },
        schema: {
          summary: "Replace the firm's logo",
          tags,
          response: {
            200: settingsAnswer,
            413: errorAnswer(413, 'The logo is larger than 512 KB'),
            415: errorAnswer(415, 'Not a PNG, JPEG or WebP image, or one that does not decode'),
          },
        },
      },
      async (request) => replaceLogo(db, store, sessionUserOf(request), await readSingleUpload(request, LOGO_RULES)),
    );
  });
}
