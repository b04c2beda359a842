import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { clientKeys, type ClientListItem, type ClientProfile } from './client-views';

type Page = { items: ClientListItem[] };
type Snapshot = [QueryKey, unknown][];

function markIn(data: unknown, clientId: number, bookmarked: boolean): unknown {
  if (!data || typeof data !== 'object') return data;
  if ('items' in data) {
    const page = data as Page;
    return { ...page, items: page.items.map((item) => (item.id === clientId ? { ...item, bookmarked } : item)) };
  }
  const profile = data as ClientProfile;
  return profile.id === clientId ? { ...profile, bookmarked } : profile;
}

/**
 * PUT or DELETE /clients/{id}/bookmark, shown at once (UI.md: optimistic where safe) and
 * put back as it was when the server refuses.
 */
export function useBookmarkClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ clientId, bookmarked }: { clientId: number; bookmarked: boolean }) => {
      const path = `/clients/${clientId}/bookmark`;
      await (bookmarked ? api.put(path) : api.delete(path));
    },
    onMutate: async ({ clientId, bookmarked }): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: clientKeys.all });
      const snapshot = [
        ...queryClient.getQueriesData({ queryKey: clientKeys.lists() }),
        ...queryClient.getQueriesData({ queryKey: clientKeys.detail(clientId), exact: true }),
      ];
      for (const [key, data] of snapshot) queryClient.setQueryData(key, markIn(data, clientId, bookmarked));
      return snapshot;
    },
    onError: (_error, _variables, snapshot) => {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: async (_data, _error, { clientId }) => {
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId), exact: true });
    },
  });
}
