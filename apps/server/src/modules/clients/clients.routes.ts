import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientSchema, clientUpdateSchema } from '@practice/shared';
import { errorAnswer } from '../../plugins/error-answers';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { sendCsv } from '../../lib/csv';
import { csvAnswer } from '../../lib/file-answers';
import { sessionUserOf } from '../../plugins/auth-guard';
import { writeAudit } from '../audit/audit';
import { idParams } from '../records/params';
import { addBookmark, removeBookmark } from './bookmarks';
import {
  bookmarkAnswer,
  clientAnswer,
  clientListAnswer,
  clientProfileAnswer,
  nextClientIdAnswer,
  taxIdAnswer,
} from './client-answers';
import { suggestClientCode } from './client-codes';
import { clientExportQuery, exportClients } from './client-export';
import { clientListQuery, listClients } from './client-list';
import { requireClient } from './client-lookup';
import { getClientProfile } from './client-profile';
import { createClient, revealTaxId, updateClient } from './clients.service';
import { createTaxIdCipher } from './tax-id-cipher';

export function registerClientRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const services = { db, cipher: createTaxIdCipher(context.config.secretKey) };
  const tags = ['clients'];

  routes.get(
    '/clients',
    {
      config: { permission: 'can_view_clients' },
      schema: { summary: 'List clients', querystring: clientListQuery, tags, response: { 200: clientListAnswer } },
    },
    async (request) => listClients(context.database, sessionUserOf(request), request.query),
  );

  routes.get(
    '/clients/export.csv',
    {
      config: { permission: 'can_view_clients' },
      schema: {
        summary: 'Export clients as CSV',
        querystring: clientExportQuery,
        tags,
        response: { 200: csvAnswer('The clients that match, as CSV') },
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'clients.csv', await exportClients(context.database, sessionUserOf(request), request.query)),
  );

  routes.get(
    '/clients/next-id',
    {
      config: { permission: 'can_edit_clients' },
      schema: { summary: 'Suggest the next client id', tags, response: { 200: nextClientIdAnswer } },
    },
    async (request) => {
      const user = sessionUserOf(request);
      return {
        client_id: await withTenant(db, user.organizationId, (tx) => suggestClientCode(tx, user.organizationId)),
      };
    },
  );

  routes.get(
    '/clients/:id',
    {
      config: { permission: 'can_view_clients' },
      schema: { summary: 'Read a client', params: idParams, tags, response: { 200: clientProfileAnswer } },
    },
    async (request) => getClientProfile(db, sessionUserOf(request), request.params.id),
  );

  routes.get(
    '/clients/:id/tax-id',
    {
      config: { permission: 'can_edit_clients' },
      schema: { summary: "Reveal a client's tax id", params: idParams, tags, response: { 200: taxIdAnswer } },
    },
    async (request) => revealTaxId(services, sessionUserOf(request), request.params.id),
  );

  routes.post(
    '/clients',
    {
      config: { permission: 'can_edit_clients' },
      schema: {
        summary: 'Create a client',
        body: clientSchema,
        tags,
        response: { 409: errorAnswer(409, 'Another client has this client id'), 201: clientAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createClient(services, sessionUserOf(request), request.body)),
  );

  routes.put(
    '/clients/:id',
    {
      config: { permission: 'can_edit_clients' },
      schema: {
        summary: 'Update a client',
        params: idParams,
        body: clientUpdateSchema,
        tags,
        response: {
          409: errorAnswer(
            409,
            'The record was changed by someone else since it was read, or another client has this client id',
          ),
          200: clientAnswer,
        },
      },
    },
    async (request) => updateClient(services, sessionUserOf(request), request.params.id, request.body),
  );

  for (const method of ['PUT', 'DELETE'] as const) {
    routes.route({
      method,
      url: '/clients/:id/bookmark',
      config: { permission: 'can_view_clients' },
      schema: {
        summary: method === 'PUT' ? 'Bookmark a client' : 'Remove a client bookmark',
        params: idParams,
        tags,
        response: { 200: bookmarkAnswer },
      },
      handler: async (request) => {
        const user = sessionUserOf(request);
        const clientId = request.params.id;
        return withTenant(db, user.organizationId, async (tx) => {
          await requireClient(tx, user.organizationId, clientId, { field: 'id' });
          const changed =
            method === 'PUT'
              ? await addBookmark(tx, user.organizationId, user.id, clientId)
              : await removeBookmark(tx, user.organizationId, user.id, clientId);
          if (changed) {
            await writeAudit(tx, {
              organizationId: user.organizationId,
              userId: user.id,
              action: method === 'PUT' ? 'create' : 'delete',
              entity: 'client_bookmark',
              entityId: clientId,
            });
          }
          return { id: clientId, bookmarked: method === 'PUT' };
        });
      },
    });
  }
}
