import { publicPaths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { CSRF_ACCESS_COOKIE, CSRF_REFRESH_COOKIE, readCookie } from '../../../lib/cookies';
import { getSession, parseUser, sessionActions } from '../../../lib/session-store';

/**
 * Loads the signed-in user. Without either readable session cookie there is no session
 * to load, so no call is made.
 */
export async function loadSession(): Promise<void> {
  if (!readCookie(CSRF_ACCESS_COOKIE) && !readCookie(CSRF_REFRESH_COOKIE)) {
    sessionActions.signedOut();
    return;
  }
  try {
    const user = parseUser(await api.get('/user'));
    if (user) sessionActions.signedIn(user);
    else sessionActions.signedOut();
  } catch {
    // A refused refresh has already raised the Session Expired modal, which keeps the page.
    if (!getSession().sessionExpired) sessionActions.signedOut();
  }
}

/** SPEC 4 app start: every path but a password reset and the client portal loads the signed-in user. */
export function startSession(pathname: string): void {
  const resetPrefix = publicPaths.resetPassword.path.split('/:')[0] ?? publicPaths.resetPassword.path;
  // A client in the portal has no staff session to load (issue 14).
  if (pathname.startsWith(resetPrefix) || pathname.startsWith('/client-portal/')) sessionActions.signedOut();
  else void loadSession();
}
