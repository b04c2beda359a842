import { RECENT_ITEMS_SHOWN, useRecentActivity } from '../api/recent-activity';
import { useLoggedFailure } from './use-logged-failure';

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** SPEC 2: the first 5 recent items (GET /activities). */
export function RecentActivityList() {
  const activity = useRecentActivity();
  useLoggedFailure('the recent activity', activity.error);
  const items = (activity.data ?? []).slice(0, RECENT_ITEMS_SHOWN);
  return (
    <section className="dashboard-panel" aria-labelledby="recent-activity-heading">
      <div className="dashboard-panel-header">
        <h2 id="recent-activity-heading">Recent activity</h2>
      </div>
      {activity.data && items.length === 0 && <p className="muted">Nothing has happened yet.</p>}
      {items.length > 0 && (
        <ul className="activity-list">
          {items.map((item) => (
            <li key={item.id}>
              <span>{item.description}</span>
              <span className="muted activity-meta">
                {item.user?.name ?? 'System'} · <time dateTime={item.created_at}>{when(item.created_at)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
