import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageFields } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { CSRF_QUERY_PARAMETER } from '../auth/cookies';
import { ACTIVITY_BODY_LIMIT, activityLogBatch, activityLogQuery } from './activity-log-schema';
import { listActivities, recordActivities } from './activity-logs.service';

const recordedAnswer = z.object({ logged_count: z.int(), failed_count: z.int() });
const activityLogListAnswer = z.object({
  ...pageFields,
  items: z.array(z.record(z.string(), z.unknown()).describe('A SPEC 3 activity log entry with its user')),
});

export function registerActivityLogRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const tags = ['activity logs'];

  // The tracker's unload beacon sends text/plain (a simple request: no preflight while the page
  // goes away); its text is the same JSON. Scoped to these routes only.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: ACTIVITY_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          const error = new Error('Body is not valid JSON') as Error & { statusCode: number };
          error.statusCode = 400;
          done(error, undefined);
        }
      },
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    /** SPEC 7: a batch of the tracker's activities; ip_address is the request's, never the body's. */
    routes.post(
      '/api/activity-logs',
      {
        bodyLimit: ACTIVITY_BODY_LIMIT,
        config: { permission: 'signed-in', csrfQueryParameter: CSRF_QUERY_PARAMETER },
        schema: {
          summary: "Record the signed-in user's page activity",
          body: activityLogBatch,
          tags,
          response: { 200: recordedAnswer },
        },
      },
      async (request) => recordActivities(db, sessionUserOf(request), request.body, request.ip),
    );

    routes.get(
      '/api/activity-logs',
      {
        config: { permission: 'can_view_admin_page' },
        schema: {
          summary: 'List activity log entries',
          querystring: activityLogQuery,
          tags,
          response: { 200: activityLogListAnswer },
        },
      },
      async (request) => listActivities(db, sessionUserOf(request), request.query),
    );
  });
}
