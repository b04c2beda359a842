import { useQuery } from '@tanstack/react-query';
import { apiBaseUrl } from '../config/runtime';

async function logoObjectUrl(logoUrl: string): Promise<string | null> {
  const response = await window.fetch(`${apiBaseUrl()}${logoUrl}`, { credentials: 'omit' });
  return response.ok ? URL.createObjectURL(await response.blob()) : null;
}

/**
 * The firm's logo (GET /api/organization/logo) as an object URL: it is served by the API's
 * host, which the page's Content-Security-Policy does not list for images, so it is fetched
 * (its Origin names the firm) and shown as a blob. Null while loading, without a logo (404),
 * or when it cannot be read: the page then shows no image rather than a broken one.
 */
export function useFirmLogo(logoUrl: string | null | undefined): string | null {
  const query = useQuery({
    queryKey: ['firm-logo', logoUrl],
    queryFn: () => logoObjectUrl(logoUrl ?? ''),
    enabled: Boolean(logoUrl),
    retry: false,
    staleTime: Infinity,
  });
  return logoUrl ? (query.data ?? null) : null;
}
