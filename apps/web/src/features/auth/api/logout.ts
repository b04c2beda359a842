import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { clearCookie, CSRF_ACCESS_COOKIE, CSRF_REFRESH_COOKIE } from '../../../lib/cookies';
import { sessionActions } from '../../../lib/session-store';

/**
 * SPEC 4: DELETE /logout, then the logging-out flag for 500 ms and the cookies cleared.
 * The local session ends even when the server can't be reached.
 */
export async function logout(): Promise<void> {
  try {
    await api.delete('/logout');
  } catch (error) {
    const network = error instanceof ApiError && error.network;
    console.error(network ? 'Network error during logout' : 'Logout failed', error);
  }
  clearCookie(CSRF_ACCESS_COOKIE);
  clearCookie(CSRF_REFRESH_COOKIE);
  sessionActions.loggedOut();
}
