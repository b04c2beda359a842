import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { activityFeed, activityFeedQuery } from './activity-feed';
import { dashboardStats } from './dashboard-stats';

export function registerDashboardRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const tags = ['dashboard'];

  routes.get('/dashboard/stats', { config: { permission: 'signed-in' }, schema: { tags } }, async (request) =>
    dashboardStats(context.database, sessionUserOf(request), new Date()),
  );

  routes.get(
    '/activities',
    { config: { permission: 'signed-in' }, schema: { querystring: activityFeedQuery, tags } },
    async (request) => activityFeed(db, sessionUserOf(request), request.query),
  );
}
