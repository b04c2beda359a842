import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityTypeSchema,
  activityTypeUpdateSchema,
  clientActivityTypesSchema,
  hasPermission,
  permissionRequiredMessage,
} from '@practice/shared';
import { errorAnswer } from '../../plugins/error-answers';
import type { AppContext } from '../../app-context';
import { forbidden } from '../../lib/errors';
import { sessionUserOf } from '../../plugins/auth-guard';
import type { SessionUser } from '../../plugins/route-permission';
import { idParams } from '../records/params';
import {
  activityTypeListQuery,
  createActivityType,
  getActivityType,
  listActivityTypes,
  updateActivityType,
} from './activity-types.service';
import { activityTypeAnswer, activityTypeListAnswer, clientActivityTypesAnswer } from './activity-type-answers';
import { getClientActivityTypes, setClientActivityTypes } from './client-activity-types.service';

/** Reading activity types serves both the time entry form and the client pages. */
function readerOf(request: FastifyRequest): SessionUser {
  const user = sessionUserOf(request);
  if (!hasPermission(user.fullRole, 'can_view_time_entries') && !hasPermission(user.fullRole, 'can_view_clients')) {
    throw forbidden(permissionRequiredMessage('can_view_time_entries'));
  }
  return user;
}

export function registerActivityTypeRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const tags = ['activity types'];

  routes.get(
    '/activity-types',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: 'List activity types',
        querystring: activityTypeListQuery,
        tags,
        response: { 200: activityTypeListAnswer },
      },
    },
    async (request) => listActivityTypes(db, readerOf(request), request.query, new Date()),
  );

  routes.get(
    '/activity-types/:id',
    {
      config: { permission: 'signed-in' },
      schema: { summary: 'Read an activity type', params: idParams, tags, response: { 200: activityTypeAnswer } },
    },
    async (request) => getActivityType(db, readerOf(request), request.params.id, new Date()),
  );

  routes.post(
    '/activity-types',
    {
      config: { permission: 'can_edit_clients' },
      schema: {
        summary: 'Create an activity type',
        body: activityTypeSchema,
        tags,
        response: { 409: errorAnswer(409, 'Another activity type has this code'), 201: activityTypeAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createActivityType(db, sessionUserOf(request), request.body, new Date())),
  );

  routes.put(
    '/activity-types/:id',
    {
      config: { permission: 'can_edit_clients' },
      schema: {
        summary: 'Update an activity type',
        params: idParams,
        body: activityTypeUpdateSchema,
        tags,
        response: {
          409: errorAnswer(
            409,
            'The record was changed by someone else since it was read, or another activity type has this name',
          ),
          200: activityTypeAnswer,
        },
      },
    },
    async (request) => updateActivityType(db, sessionUserOf(request), request.params.id, request.body, new Date()),
  );

  routes.get(
    '/clients/:id/activity-types',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: "List a client's activity types and rates",
        params: idParams,
        tags,
        response: { 200: clientActivityTypesAnswer },
      },
    },
    async (request) => getClientActivityTypes(db, readerOf(request), request.params.id, new Date()),
  );

  routes.put(
    '/clients/:id/activity-types',
    {
      config: { permission: 'can_edit_clients' },
      schema: {
        summary: "Set a client's activity types and rates",
        params: idParams,
        body: clientActivityTypesSchema,
        tags,
        response: { 200: clientActivityTypesAnswer },
      },
    },
    async (request) => setClientActivityTypes(db, sessionUserOf(request), request.params.id, request.body, new Date()),
  );
}
