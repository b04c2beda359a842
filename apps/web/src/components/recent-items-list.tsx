import { Link } from 'react-router';
import type { RecentItem } from '../lib/navigation-history';

const ENTITY_LABELS = {
  client: 'Client',
  invoice: 'Invoice',
  'time-entry': 'Time entry',
  user: 'Team member',
} as const;

/** Recent items as links, each with its kind and title (the sidebar's panel and the dashboard). */
export function RecentItemsList({ items, onNavigate }: { items: RecentItem[]; onNavigate?: () => void }) {
  return (
    <ul className="recent-items-list">
      {items.map((item) => (
        <li key={`${item.entityType}-${item.entityId}`}>
          <Link to={item.path} onClick={onNavigate} className="recent-item-link">
            <span className="recent-item-type">{ENTITY_LABELS[item.entityType]}</span>
            <span className="recent-item-title">{item.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
