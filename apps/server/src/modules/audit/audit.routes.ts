import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { auditTrailQuery, listAuditTrail } from './audit-trail';

/** The audit trail viewer of /admin (API.md): read-only, as the rows themselves are. */
export function registerAuditRoutes(app: FastifyInstance, context: AppContext): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/audit-log',
      { config: { permission: 'can_view_admin_page' }, schema: { querystring: auditTrailQuery, tags: ['audit'] } },
      async (request) => listAuditTrail(context.database.db, sessionUserOf(request), request.query),
    );
}
