import { useEffect } from 'react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { shellPaths } from '../../config/paths';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `The page answered ${error.status} ${error.statusText}.`.trim();
  return 'This page could not be loaded. Retry, or go back to where you were.';
}

/** SPEC 2: the shell's screen for routing errors (a page's code failed to load, a bad route). */
export function PageError() {
  const error = useRouteError();
  const navigate = useNavigate();

  useEffect(() => {
    console.error('Routing error', error);
  }, [error]);

  return (
    <section className="error-screen" aria-labelledby="page-error-title">
      <h1 id="page-error-title">Page Error</h1>
      <p>{describe(error)}</p>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Retry
        </button>
        <button type="button" className="button" onClick={() => navigate(shellPaths.dashboard.getHref())}>
          Go to Dashboard
        </button>
        <button type="button" className="button" onClick={() => navigate(-1)}>
          Go Back
        </button>
      </div>
    </section>
  );
}
