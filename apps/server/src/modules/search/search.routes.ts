import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SearchAnswer } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { searchQuery } from './search-query';
import { SearchFeedCache } from './search-feed-cache';
import { search } from './search.service';

const searchResult = z.object({
  id: z.string(),
  type: z.enum(['client', 'user', 'timeEntry', 'invoice', 'activity', 'project', 'guide']),
  title: z.string(),
  subtitle: z.string(),
  url: z.string(),
  meta: z.object({
    status: z.string().optional(),
    lastActivity: z.string().optional(),
    date: z.string().optional(),
    section: z.string().optional(),
  }),
});

const searchAnswer: z.ZodType<SearchAnswer> = z.object({
  results: z.object({
    clients: z.array(searchResult),
    users: z.array(searchResult),
    timeEntries: z.array(searchResult),
    invoices: z.array(searchResult),
    activities: z.array(searchResult),
  }),
});

export function registerSearchRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const feeds = new SearchFeedCache();

  /** SPEC 7 global search; each category answers only with the permission of its own list. */
  routes.get(
    '/api/search',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: 'Search clients, invoices and people',
        querystring: searchQuery,
        tags: ['search'],
        response: { 200: searchAnswer },
      },
    },
    async (request) => search(context.database, feeds, sessionUserOf(request), request.query),
  );
}
