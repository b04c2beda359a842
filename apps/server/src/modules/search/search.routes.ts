import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { searchQuery } from './search-query';
import { search } from './search.service';

export function registerSearchRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** SPEC 7 global search; each category answers only with the permission of its own list. */
  routes.get(
    '/api/search',
    { config: { permission: 'signed-in' }, schema: { querystring: searchQuery, tags: ['search'] } },
    async (request) => search(context.database.db, sessionUserOf(request), request.query),
  );
}
