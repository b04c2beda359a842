import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { shellPaths } from '../config/paths';
import { LoginPage } from '../features/auth';
import { signInPasskeys } from './sign-in-passkeys';

/** /login inside the router, reached after logout or from a redirect without a full page load. */
export function LoginRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const enterApp = useCallback(
    (to: string = shellPaths.dashboard.getHref()) => navigate(to, { replace: true }),
    [navigate],
  );
  return <LoginPage popupAtStart={searchParams.has('popup')} onSignedIn={enterApp} passkeys={signInPasskeys} />;
}
