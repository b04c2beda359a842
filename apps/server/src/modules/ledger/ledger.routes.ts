import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { sendCsv } from '../../lib/csv';
import { csvAnswer } from '../../lib/file-answers';
import { sessionUserOf } from '../../plugins/auth-guard';
import { agingQuery, readAging } from './ledger-aging';
import { agingAnswer, ledgerAnswer } from './ledger-answers';
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
    {
      config: { permission: 'can_view_ar_ledger' },
      schema: {
        summary: 'Read the accounts receivable ledger',
        querystring: ledgerQuery,
        tags,
        response: { 200: ledgerAnswer },
      },
    },
    async (request) => readLedger(db, sessionUserOf(request), request.query),
  );

  routes.get(
    '/ledger/aging',
    {
      config: { permission: 'can_view_ar_ledger' },
      schema: {
        summary: 'Read the accounts receivable aging',
        querystring: agingQuery,
        tags,
        response: { 200: agingAnswer },
      },
    },
    async (request) => readAging(context.database, sessionUserOf(request), request.query),
  );

  routes.get(
    '/ledger/export.csv',
    {
      config: { permission: 'can_view_ar_ledger' },
      schema: {
        summary: 'Export the ledger as CSV',
        querystring: ledgerExportQuery,
        tags,
        response: { 200: csvAnswer('The ledger rows that match, as CSV') },
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'ar-ledger.csv', await exportLedger(db, sessionUserOf(request), request.query)),
  );

  routes.get(
    '/ledger/aging/export.csv',
    {
      config: { permission: 'can_view_ar_ledger' },
      schema: {
        summary: 'Export the aging as CSV',
        querystring: agingQuery,
        tags,
        response: { 200: csvAnswer('The aging of every client with a balance, as CSV') },
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'ar-aging.csv', await exportAging(context.database, sessionUserOf(request), request.query)),
  );
}
