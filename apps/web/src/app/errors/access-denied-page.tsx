import { Link } from 'react-router';
import { shellPaths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function AccessDeniedPage() {
  useDocumentTitle('Access Denied');
  return (
    <section className="status-page" aria-labelledby="access-denied-title">
      <h1 id="access-denied-title">Access Denied</h1>
      <p>Your role does not include permission to open that page. Ask your administrator if you need it.</p>
      <Link className="button button-primary" to={shellPaths.dashboard.getHref()}>
        Go to Dashboard
      </Link>
    </section>
  );
}
