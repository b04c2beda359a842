import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { invoiceListQuery, listInvoices } from './invoice-list';

/** The invoice calls that exist before billing does: the dashboard's list (docs/decisions/0041). */
export function registerInvoiceRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/invoices',
    { config: { permission: 'can_view_invoices' }, schema: { querystring: invoiceListQuery, tags: ['invoices'] } },
    async (request) => listInvoices(context.database.db, sessionUserOf(request), request.query),
  );
}
