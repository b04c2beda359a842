import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';

const bookmarkSchema = z.object({ id: z.number(), client_id: z.string(), legal_name: z.string() });
export type BookmarkedClient = z.infer<typeof bookmarkSchema>;

const userBookmarksSchema = z.object({ bookmarked_clients: z.array(bookmarkSchema) });

/** GET /user's bookmarked_clients, most recent first (SPEC 2: the dashboard loads the user with his bookmarks). */
export function useBookmarkedClients() {
  return useQuery({
    queryKey: ['dashboard', 'bookmarks'],
    queryFn: async () => parseAnswer(userBookmarksSchema, await api.get('/user')).bookmarked_clients,
    staleTime: 0,
  });
}
