import { apiBaseUrl } from '../config/runtime';
import { createApiClient } from './api-client';
import { readCookie } from './cookies';
import { getSession, parseUser, sessionActions } from './session-store';
import { readStorage, STORAGE_KEYS } from './storage-keys';

/** The one API client of the app, wired to the browser and the session store. */
export const api = createApiClient({
  baseUrl: apiBaseUrl,
  fetch: (input, init) => window.fetch(input, init),
  readCookie: (name) => readCookie(name),
  organizationHeader: () => (import.meta.env.DEV ? readStorage(STORAGE_KEYS.devOrgSubdomain) : null),
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
