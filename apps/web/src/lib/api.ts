import { apiBaseUrl } from '../config/runtime';
import { createApiClient } from './api-client';
import { readCookie } from './cookies';
import { getSession, parseUser, sessionActions } from './session-store';
import { DEV_ORG_SUBDOMAIN_KEY } from './dev-storage-keys';
import { readStorage } from './storage-keys';

const REFRESH_LOCK = 'practice-session-refresh';

/** Web Locks exist in secure contexts (https, localhost); elsewhere a tab refreshes on its own. */
function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  return navigator.locks ? navigator.locks.request(REFRESH_LOCK, work) : work();
}

/** The one API client of the app, wired to the browser and the session store. */
export const api = createApiClient({
  baseUrl: apiBaseUrl,
  fetch: (input, init) => window.fetch(input, init),
  readCookie: (name) => readCookie(name),
  organizationHeader: () => (import.meta.env.DEV ? readStorage(DEV_ORG_SUBDOMAIN_KEY) : null),
  refreshLock: withRefreshLock,
  session: {
    isLoggingOut: () => getSession().loggingOut,
    refreshed: (body) => {
      const user = parseUser(body);
      if (user) sessionActions.signedIn(user);
    },
    userCleared: () => sessionActions.signedOut(),
    sessionExpired: () => sessionActions.expired(),
  },
});
