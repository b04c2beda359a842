import { Link } from 'react-router';
import type { RecentItem } from '../../lib/navigation-history';

const ENTITY_LABELS = {
  client: 'Client',
  invoice: 'Invoice',
  'time-entry': 'Time entry',
  user: 'Team member',
} as const;

/** SPEC 2: the latest recent items, in the expanded desktop sidebar only. */
export function RecentItemsPanel({ items, onNavigate }: { items: RecentItem[]; onNavigate: () => void }) {
  if (items.length === 0) return null;
  return (
    <section className="recent-items" aria-labelledby="recent-items-title">
      <h2 id="recent-items-title" className="recent-items-title">
        Recent
      </h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.entityType}-${item.entityId}`}>
            <Link to={item.path} onClick={onNavigate} className="recent-item-link">
              <span className="recent-item-type">{ENTITY_LABELS[item.entityType]}</span>
              <span className="recent-item-title">{item.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
