import { readStorage, writeStorage } from './storage-keys';

/** SPEC 9: the version file is checked every 60 s. */
export const VERSION_CHECK_MS = 60_000;
const DISMISSED_PREFIX = 'updateDismissed:';

export function builtVersion(): string {
  return typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'development';
}

/**
 * SPEC 7: GET /version.json?t={timestamp} with no-cache, from the page's own host (the build
 * wrote it beside index.html). Null when it cannot be read: no banner on a network hiccup.
 */
export async function fetchDeployedVersion(fetchFn: typeof fetch = window.fetch.bind(window)): Promise<string | null> {
  try {
    const response = await fetchFn(`/version.json?t=${Date.now()}`, {
      cache: 'no-store',
      headers: { 'Cache-Control': 'no-cache' },
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const version = (body as { version?: unknown } | null)?.version;
    return typeof version === 'string' && version !== '' ? version : null;
  } catch {
    return null;
  }
}

/** SPEC 3: the update dismissal is stored per version. */
export function isUpdateDismissed(version: string): boolean {
  return readStorage(`${DISMISSED_PREFIX}${version}`) === 'true';
}

export function dismissUpdate(version: string): void {
  writeStorage(`${DISMISSED_PREFIX}${version}`, 'true');
}
