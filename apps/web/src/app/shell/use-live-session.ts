import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../lib/api';
import { getSession, parseUser, sessionActions } from '../../lib/session-store';

/** How often an open page asks again who its user is, when he does nothing. */
const RECHECK_MS = 30_000;

async function recheck(): Promise<void> {
  try {
    const user = parseUser(await api.get('/user'));
    // Unchanged, the shell is left alone: a new user object re-renders every page and would
    // interrupt what the person is doing (a drag in the sidebar's edit mode, say).
    if (user && JSON.stringify(user) !== JSON.stringify(getSession().user)) sessionActions.signedIn(user);
  } catch {
    // A dead session is the API client's to report (Session Expired); a network blip waits for the next check.
  }
}

/**
 * Keeps the shell's user as the server has him (issue 16): a role changed by an administrator
 * shows in the menu and the page gates at the next navigation (or within 30 s), and a
 * deactivated user's open page ends in Session Expired, without a new sign-in.
 */
export function useLiveSession(): void {
  const location = useLocation();
  useEffect(() => {
    void recheck();
  }, [location.pathname]);
  useEffect(() => {
    const timer = window.setInterval(() => void recheck(), RECHECK_MS);
    const onFocus = () => void recheck();
    window.addEventListener('focus', onFocus);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, []);
}
