import { SUPPORT_EMAIL } from '@practice/shared';

export const DEFAULT_ERROR_TITLE = 'Something went wrong';
export const DEFAULT_ERROR_MESSAGE =
  'We encountered an unexpected error. Our team has been notified and is working on a fix.';

type ErrorScreenProps = {
  title?: string;
  message?: string;
  errorId: string;
  /** Clears the error and renders again; absent where there is nothing to retry. */
  onTryAgain?: () => void;
};

/**
 * The generic error screen of SPEC 2. It uses no router hooks, so the application-level
 * boundary outside the router can show it too.
 */
export function ErrorScreen({
  title = DEFAULT_ERROR_TITLE,
  message = DEFAULT_ERROR_MESSAGE,
  errorId,
  onTryAgain,
}: ErrorScreenProps) {
  return (
    <section className="error-screen" aria-labelledby="error-screen-title">
      <h1 id="error-screen-title">{title}</h1>
      <p>{message}</p>
      <p className="error-id">
        Error ID: <code>{errorId}</code>
      </p>
      <div className="button-row">
        {onTryAgain && (
          <button type="button" className="button button-primary" onClick={onTryAgain}>
            Try Again
          </button>
        )}
        <button type="button" className="button" onClick={() => window.location.assign('/')}>
          Go Home
        </button>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload Page
        </button>
      </div>
      <p className="support-line">
        If this keeps happening, contact <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and quote the error ID{' '}
        <code>{errorId}</code>.
      </p>
    </section>
  );
}
