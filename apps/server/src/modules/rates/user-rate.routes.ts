import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userRateSchema } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { idParams } from '../records/params';
import { getUserRate, setUserRate } from './user-rate.service';

export function registerUserRateRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  routes.get(
    '/users/:id/rate',
    { config: { permission: 'can_view_users' }, schema: { params: idParams, tags: ['rates'] } },
    async (request) => getUserRate(db, sessionUserOf(request), request.params.id, new Date()),
  );

  routes.put(
    '/users/:id/rate',
    { config: { permission: 'can_edit_users' }, schema: { params: idParams, body: userRateSchema, tags: ['rates'] } },
    async (request) => setUserRate(db, sessionUserOf(request), request.params.id, request.body, new Date()),
  );
}
