import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { publicPaths, shellPaths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../lib/session-store';
import '../../../styles/data.css';
import '../support.css';

/** A plain page anyone can read, signed in or not, with the way back to the app. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  const { user } = useSession();
  return (
    <main id="main-content" className="public-page info-page" aria-labelledby="public-page-title">
      <nav aria-label="Back">
        {user ? (
          <Link to={shellPaths.dashboard.getHref()}>Back to the dashboard</Link>
        ) : (
          <Link to={publicPaths.login.getHref()}>Back to sign in</Link>
        )}
      </nav>
      <h1 id="public-page-title">{title}</h1>
      {children}
      <p className="muted">
        <Link to={publicPaths.privacy.getHref()}>Privacy Policy</Link> ·{' '}
        <Link to={publicPaths.terms.getHref()}>Terms of Service</Link> ·{' '}
        <Link to={publicPaths.support.getHref()}>Support</Link>
      </p>
    </main>
  );
}
