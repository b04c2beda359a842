import { Link } from 'react-router';
import { hasPermission } from '@practice/shared';
import { shellPaths } from '../config/paths';
import { useSession } from '../lib/session-store';
import '../styles/client-tabs.css';

type ClientTab = 'overview' | 'payments';

/** The client page's tabs: the profile, and (can_view_payments) its payments at /clients/{id}/payments. */
export function ClientTabs({ clientId, current }: { clientId: number; current: ClientTab }) {
  const { user } = useSession();
  if (!hasPermission(user?.full_role, 'can_view_payments')) return null;
  const tabs: { id: ClientTab; label: string; to: string }[] = [
    { id: 'overview', label: 'Overview', to: shellPaths.clientDetail.getHref(clientId) },
    { id: 'payments', label: 'Payments', to: shellPaths.clientPayments.getHref(clientId) },
  ];
  return (
    <nav aria-label="Client sections">
      <ul className="client-tabs">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link to={tab.to} className="client-tab" aria-current={tab.id === current ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
