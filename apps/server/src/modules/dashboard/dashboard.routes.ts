import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { z } from 'zod';
import { activityFeed, activityFeedQuery, type ActivityPage } from './activity-feed';
import { dashboardStats, type DashboardStats } from './dashboard-stats';

const statsAnswer: z.ZodType<DashboardStats> = z.object({
  todayHours: z.number(),
  weekHours: z.number(),
  todayMinutes: z.int(),
  weekMinutes: z.int(),
  completedTasks: z.int(),
  activeClients: z.int(),
  pendingInvoices: z.int().nullable().describe('Null for someone without can_view_invoices'),
  monthRevenue: z.int().nullable().describe('Cents of the invoices issued this month; null without can_view_invoices'),
  today: z.string(),
  weekStart: z.string(),
  timeZone: z.string(),
});

const activityPageAnswer: z.ZodType<ActivityPage> = z.object({
  items: z.array(
    z.object({
      id: z.int(),
      action: z.string(),
      activity_type: z.string(),
      description: z.string(),
      created_at: z.string(),
      entity_id: z.int().nullable(),
      user: z.object({ id: z.int(), name: z.string(), username: z.string() }).nullable(),
      client: z.object({ id: z.int(), client_id: z.string(), legal_name: z.string() }).nullable(),
    }),
  ),
  page: z.int(),
  page_size: z.int(),
  has_more: z.boolean(),
});

export function registerDashboardRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];

  routes.get(
    '/dashboard/stats',
    {
      config: { permission: 'signed-in' },
      schema: { summary: 'Read the dashboard figures', tags, response: { 200: statsAnswer } },
    },
    async (request) => dashboardStats(context.database, sessionUserOf(request), new Date()),
  );

  routes.get(
    '/activities',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: "Read the dashboard's recent activity",
        querystring: activityFeedQuery,
        tags,
        response: { 200: activityPageAnswer },
      },
    },
    async (request) => activityFeed(context.database, sessionUserOf(request), request.query),
  );
}
