import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const ACTIVITY_TYPES = ['navigation', 'click', 'form_submit', 'api_call', 'system_event', 'scroll'] as const;
export const ACTIVITY_TYPE_LABELS: Record<(typeof ACTIVITY_TYPES)[number], string> = {
  navigation: 'Navigation',
  click: 'Click',
  form_submit: 'Form submit',
  api_call: 'API call',
  system_event: 'System event',
  scroll: 'Scroll',
};
export const ACTIVITY_LOG_PAGE_SIZE = 50;

export type ActivityLogRow = {
  id: number;
  activity_type: (typeof ACTIVITY_TYPES)[number];
  activity_name: string | null;
  page_url: string | null;
  page_title: string | null;
  element_text: string | null;
  response_time: number | null;
  ip_address: string | null;
  session_id: string;
  created_at: string;
  user: { id: number; username: string; name: string };
};

export type ActivityLogFilters = { userId: string; type: string; from: string; to: string; page: number };

export function useActivityLog(filters: ActivityLogFilters) {
  const params = new URLSearchParams({ page: String(filters.page), page_size: String(ACTIVITY_LOG_PAGE_SIZE) });
  if (filters.userId) params.set('user_id', filters.userId);
  if (filters.type) params.set('activity_type', filters.type);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return useQuery({
    queryKey: ['activity-logs', params.toString()],
    queryFn: () => api.get<{ items: ActivityLogRow[]; total: number; page: number }>(`/api/activity-logs?${params}`),
    placeholderData: keepPreviousData,
  });
}

/** The person filter's choices: the first 50 by name, the most /users/options answers (100 was refused, 400). */
export function usePeople() {
  return useQuery({
    queryKey: ['activity-logs', 'people'],
    queryFn: () => api.get<{ items: { id: number; name: string }[] }>('/users/options?page_size=50'),
  });
}
