import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { sendCsv } from '../../lib/csv';
import { csvAnswer } from '../../lib/file-answers';
import { sessionUserOf } from '../../plugins/auth-guard';
import { billingRefreshAnswer, billingTotalsAnswer } from './billing-answers';
import { exportBillingTotals } from './billing-export';
import { billingExportQuery, billingQuery } from './billing-query';
import { refreshBillingTotals } from './billing-refresh';
import { readBillingTotals } from './billing-totals';

/** API.md "Payments, ledger, billing": View Client Totals (docs/decisions/0138). */
export function registerBillingRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { database } = context;
  const tags = ['billing'];

  routes.get(
    '/billing',
    {
      config: { permission: 'can_view_billing' },
      schema: {
        summary: 'Read the billing totals per client',
        querystring: billingQuery,
        tags,
        response: { 200: billingTotalsAnswer },
      },
    },
    async (request) => readBillingTotals(database, sessionUserOf(request), request.query),
  );

  routes.get(
    '/billing/export.csv',
    {
      config: { permission: 'can_view_billing' },
      schema: {
        summary: 'Export the billing totals as CSV',
        querystring: billingExportQuery,
        tags,
        response: { 200: csvAnswer('The billing totals of every matching client, as CSV') },
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'billing-totals.csv', await exportBillingTotals(database, sessionUserOf(request), request.query)),
  );

  routes.post(
    '/billing/refresh',
    {
      config: { permission: 'can_view_billing' },
      schema: { summary: 'Recompute the billing totals', tags, response: { 200: billingRefreshAnswer } },
    },
    async (request) => refreshBillingTotals(database.db, sessionUserOf(request)),
  );
}
