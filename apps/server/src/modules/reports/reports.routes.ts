import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { sendCsv } from '../../lib/csv';
import { sessionUserOf } from '../../plugins/auth-guard';
import { reportCsv } from './report-csv';
import { reportParams, reportQuery } from './report-query';
import { readReport } from './reports.service';

/** API.md "Reports": GET /reports/{name}, as JSON or (format=csv) as the same rows in CSV. */
export function registerReportRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/reports/:name',
    {
      config: { permission: 'can_view_reports_page' },
      schema: { params: reportParams, querystring: reportQuery, tags: ['reports'] },
    },
    async (request, reply) => {
      const answer = await readReport(context.database, sessionUserOf(request), request.params.name, request.query);
      if (request.query.format === 'csv')
        return sendCsv(reply, `${answer.name}-${answer.from}-${answer.to}.csv`, reportCsv(answer));
      return answer;
    },
  );
}
