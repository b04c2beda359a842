import { RECENT_ITEMS_ON_DASHBOARD } from '@practice/shared';
import { RecentItemsList } from '../../../components/recent-items-list';
import { useRecentItems } from '../../../lib/recent-items';

/** SPEC 2: the first 5 recent items, the same the sidebar's Recent panel reads. */
export function RecentItems() {
  const items = useRecentItems(RECENT_ITEMS_ON_DASHBOARD);
  return (
    <section className="dashboard-panel dashboard-recent-items" aria-labelledby="recent-items-heading">
      <div className="dashboard-panel-header">
        <h2 id="recent-items-heading">Recent items</h2>
      </div>
      {items.length === 0 ? (
        <p className="muted">The clients, invoices and people you open show here.</p>
      ) : (
        <RecentItemsList items={items} />
      )}
    </section>
  );
}
