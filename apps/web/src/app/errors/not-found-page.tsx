import { Link } from 'react-router';
import { shellPaths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Unknown addresses, and routes of SPEC 2 whose page a later issue builds. */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page Not Found</h1>
      <p>There is no page at this address.</p>
      <Link className="button button-primary" to={shellPaths.dashboard.getHref()}>
        Go to Dashboard
      </Link>
    </section>
  );
}
