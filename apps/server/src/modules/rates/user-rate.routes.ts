import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userRateSchema } from '@practice/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { rateChangeAnswer } from '../activity-types/activity-type-answers';
import { idParams } from '../records/params';
import { getUserRate, setUserRate, type UserRateView } from './user-rate.service';

const userRateAnswer: z.ZodType<UserRateView> = z.object({
  user_id: z.int(),
  standard_rate_cents: z.int().describe("The standard rate in force today (the firm's time zone)"),
  base_rate_cents: z.int().describe('The rate before the first dated change'),
  rate_changes: z.array(rateChangeAnswer),
});

export function registerUserRateRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  routes.get(
    '/users/:id/rate',
    {
      config: { permission: 'can_view_users' },
      schema: {
        summary: "Read a user's rate and its history",
        params: idParams,
        tags: ['rates'],
        response: { 200: userRateAnswer },
      },
    },
    async (request) => getUserRate(db, sessionUserOf(request), request.params.id, new Date()),
  );

  routes.put(
    '/users/:id/rate',
    {
      config: { permission: 'can_edit_users' },
      schema: {
        summary: "Set a user's rate from a date",
        params: idParams,
        body: userRateSchema,
        tags: ['rates'],
        response: { 200: userRateAnswer },
      },
    },
    async (request) => setUserRate(db, sessionUserOf(request), request.params.id, request.body, new Date()),
  );
}
