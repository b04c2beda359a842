import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_GROUPS, REPORT_NAMES } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { sendCsv } from '../../lib/csv';
import { binaryBody } from '../../lib/file-answers';
import { sessionUserOf } from '../../plugins/auth-guard';
import { reportCsv } from './report-csv';
import { reportParams, reportQuery } from './report-query';
import { readReport } from './reports.service';

/** A page of a report's rows: what each groups, its label, and the figures of that report (named per report). */
const reportAnswer = z.object({
  name: z.enum(REPORT_NAMES),
  from: z.string(),
  to: z.string(),
  group_by: z.enum(REPORT_GROUPS),
  rows: z.array(
    z.looseObject({
      group: z.enum(REPORT_GROUPS),
      id: z.union([z.int(), z.string()]).describe('0 is "none"'),
      label: z.string(),
      code: z.string().optional().describe("The client's code on client rows"),
    }),
  ),
  totals: z.record(z.string(), z.number().nullable()).describe('Of every row, not only the page'),
  total: z.int().describe('How many rows the whole report has'),
  page: z.int(),
  page_size: z.int(),
  sort: z.string(),
  order: z.enum(['asc', 'desc']),
});

/** API.md "Reports": GET /reports/{name}, as JSON or (format=csv) as the same rows in CSV. */
export function registerReportRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/reports/:name',
    {
      config: { permission: 'can_view_reports_page' },
      schema: {
        summary: 'Run a report',
        params: reportParams,
        querystring: reportQuery,
        tags: ['reports'],
        response: {
          200: {
            description: 'The report as JSON, or with format=csv as CSV',
            content: {
              'application/json': { schema: reportAnswer },
              'text/csv': binaryBody,
            },
          },
        },
      },
    },
    async (request, reply) => {
      const answer = await readReport(context.database, sessionUserOf(request), request.params.name, request.query);
      if (request.query.format === 'csv')
        return sendCsv(reply, `${answer.name}-${answer.from}-${answer.to}.csv`, reportCsv(answer));
      return answer;
    },
  );
}
