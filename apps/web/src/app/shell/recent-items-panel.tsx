import { RECENT_ITEMS_IN_SIDEBAR } from '@practice/shared';
import { RecentItemsList } from '../../components/recent-items-list';
import { useRecentItems } from '../../lib/recent-items';

/** SPEC 2: the latest recent items, in the expanded desktop sidebar only. */
export function RecentItemsPanel({ onNavigate }: { onNavigate: () => void }) {
  const items = useRecentItems(RECENT_ITEMS_IN_SIDEBAR);
  if (items.length === 0) return null;
  return (
    <section className="recent-items" aria-labelledby="recent-items-title">
      <h2 id="recent-items-title" className="recent-items-title">
        Recent
      </h2>
      <RecentItemsList items={items} onNavigate={onNavigate} />
    </section>
  );
}
