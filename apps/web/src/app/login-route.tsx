import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { shellPaths } from '../config/paths';
import { LoginPage } from '../features/auth';

/** /login inside the router, reached after logout or from a redirect without a full page load. */
export function LoginRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const toDashboard = useCallback(() => navigate(shellPaths.dashboard.getHref(), { replace: true }), [navigate]);
  return <LoginPage popupAtStart={searchParams.has('popup')} onSignedIn={toDashboard} />;
}
