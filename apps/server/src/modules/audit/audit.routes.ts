import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageFields } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { auditTrailQuery, listAuditTrail, type AuditRow } from './audit-trail';

const auditRow: z.ZodType<AuditRow> = z.object({
  id: z.int(),
  at: z.string(),
  user: z.object({ id: z.int(), name: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown().describe('The record before the change, as the log kept it'),
  after: z.unknown().describe('The record after the change, as the log kept it'),
  record: z.string().nullable().describe('The number or name of the record changed, when the firm still has it'),
  names: z
    .record(z.string(), z.string())
    .describe('Names of the records the ids in the row point to, by "kind:id" (client, user, invoice, ...)'),
});

const auditTrailAnswer = z.object({
  ...pageFields,
  items: z.array(auditRow),
  total_capped: z.boolean().describe('The total stopped counting at its cap'),
});

/** The audit trail viewer of /admin (API.md): read-only, as the rows themselves are. */
export function registerAuditRoutes(app: FastifyInstance, context: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit-log',
    {
      config: { permission: 'can_view_admin_page' },
      schema: {
        summary: 'List the audit trail',
        querystring: auditTrailQuery,
        tags: ['audit'],
        response: { 200: auditTrailAnswer },
      },
    },
    async (request) => listAuditTrail(context.database.db, sessionUserOf(request), request.query),
  );
}
