import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { sendCsv } from '../../lib/csv';
import { sessionUserOf } from '../../plugins/auth-guard';
import { agingQuery, readAging } from './ledger-aging';
import { exportAging } from './ledger-aging-export';
import { exportLedger, ledgerExportQuery } from './ledger-export';
import { ledgerQuery, readLedger } from './ledger-journal';

/** API.md "Payments, ledger, billing": the AR journal and its aging. */
export function registerLedgerRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const tags = ['ledger'];

  routes.get(
    '/ledger',
    { config: { permission: 'can_view_ar_ledger' }, schema: { querystring: ledgerQuery, tags } },
    async (request) => readLedger(db, sessionUserOf(request), request.query),
  );

  routes.get(
    '/ledger/aging',
    { config: { permission: 'can_view_ar_ledger' }, schema: { querystring: agingQuery, tags } },
    async (request) => readAging(context.database, sessionUserOf(request), request.query),
  );

  routes.get(
    '/ledger/export.csv',
    { config: { permission: 'can_view_ar_ledger' }, schema: { querystring: ledgerExportQuery, tags } },
    async (request, reply) =>
      sendCsv(reply, 'ar-ledger.csv', await exportLedger(db, sessionUserOf(request), request.query)),
  );

  routes.get(
    '/ledger/aging/export.csv',
    { config: { permission: 'can_view_ar_ledger' }, schema: { querystring: agingQuery, tags } },
    async (request, reply) =>
      sendCsv(reply, 'ar-aging.csv', await exportAging(context.database, sessionUserOf(request), request.query)),
  );
}
