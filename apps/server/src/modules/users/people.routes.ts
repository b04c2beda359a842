import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { listPeopleOptions, peopleOptionsQuery } from './people-options';
import { peopleOptionsAnswer } from './user-answers';

export function registerPeopleRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  // Whoever sees clients sees who is responsible for them; the pickers and filters of the client pages use it.
  routes.get(
    '/users/options',
    {
      config: { permission: 'can_view_clients' },
      schema: {
        summary: "List the firm's people for pickers",
        querystring: peopleOptionsQuery,
        tags: ['users'],
        response: { 200: peopleOptionsAnswer },
      },
    },
    async (request) => listPeopleOptions(db, sessionUserOf(request), request.query),
  );
}
