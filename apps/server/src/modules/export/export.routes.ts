import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { fileAnswer } from '../../lib/file-answers';
import { sessionUserOf } from '../../plugins/auth-guard';
import { auditExport, streamFirmExport } from './firm-export';

/** GET /admin/export (API.md, the all flag): every record of this firm, as a ZIP of CSVs. */
export function registerExportRoutes(app: FastifyInstance, context: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/export',
    {
      config: { permission: 'all' },
      schema: {
        summary: 'Export every record of the firm as a ZIP of CSVs',
        tags: ['admin'],
        response: { 200: fileAnswer('One CSV per kind of record', ['application/zip']) },
      },
    },
    async (request, reply) => {
      const actor = sessionUserOf(request);
      const { db } = context.database;
      await auditExport(db, actor);
      const abandoned = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abandoned.abort(new Error('export abandoned'));
      });
      const { stream, done } = streamFirmExport(db, actor, abandoned.signal);
      done.catch((error: unknown) =>
        request.log.warn({ err: error, organizationId: actor.organizationId }, 'firm export stopped'),
      );
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="firm-export-${date}.zip"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
}
