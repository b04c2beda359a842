import { Link } from 'react-router';
import { DASHBOARD_BOOKMARKS } from '@practice/shared';
import { shellPaths } from '../../../config/paths';
import { useBookmarkedClients } from '../api/bookmarked-clients';
import { useLoggedFailure } from './use-logged-failure';

/** SPEC 2 Bookmarked Clients: up to 4, each with its initial, legal name and client ID; a refresh button. */
export function BookmarkedClients() {
  const bookmarks = useBookmarkedClients();
  useLoggedFailure('the bookmarked clients', bookmarks.error);
  const shown = (bookmarks.data ?? []).slice(0, DASHBOARD_BOOKMARKS);
  return (
    <section className="dashboard-panel" aria-labelledby="bookmarks-heading">
      <div className="dashboard-panel-header">
        <h2 id="bookmarks-heading">Bookmarked Clients</h2>
        <button
          type="button"
          className="button button-small"
          aria-label="Refresh bookmarked clients"
          disabled={bookmarks.isFetching}
          onClick={() => void bookmarks.refetch()}
        >
          Refresh
        </button>
      </div>
      {bookmarks.data && shown.length === 0 && (
        <div className="dashboard-empty">
          <p className="dashboard-empty-title">No bookmarked clients yet</p>
          <p>Bookmark clients to see them here</p>
        </div>
      )}
      {shown.length > 0 && (
        <ul className="bookmark-list">
          {shown.map((client) => (
            <li key={client.id}>
              <Link className="bookmark-link" to={shellPaths.clientDetail.getHref(client.id)}>
                <span className="bookmark-initial" aria-hidden="true">
                  {client.legal_name.charAt(0).toUpperCase()}
                </span>
                <span className="bookmark-name">{client.legal_name}</span>
                <span className="bookmark-code">{client.client_id}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
