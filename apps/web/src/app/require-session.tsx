import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { NO_USER_REDIRECT_MS } from '@practice/shared';
import { publicPaths } from '../config/paths';
import { LoadingPage } from '../components/loading-page';
import { useSession } from '../lib/session-store';

/**
 * SPEC 4: with no user (and no Session Expired modal waiting for the user's choice), the
 * shell routes redirect to /login after 100 ms.
 */
export function RequireSession() {
  const { ready, user, sessionExpired } = useSession();
  const navigate = useNavigate();
  const mustSignIn = ready && !user && !sessionExpired;

  useEffect(() => {
    if (!mustSignIn) return;
    const timer = setTimeout(() => navigate(publicPaths.login.getHref(), { replace: true }), NO_USER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [mustSignIn, navigate]);

  if (user) return <Outlet />;
  return sessionExpired ? null : <LoadingPage />;
}
