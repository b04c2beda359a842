import { Link } from 'react-router';
import { hasPermission, type FullRole, type PermissionFlag } from '@practice/shared';
import { Icon, type IconName } from '../../../components/icon';
import { shellPaths, type StaticShellPathId } from '../../../config/paths';

type QuickAction = {
  title: string;
  text: string;
  permission: PermissionFlag;
  pathId: StaticShellPathId;
  icon: IconName;
};

/** SPEC 2 quick actions, in order, each shown only with its permission. */
export const QUICK_ACTIONS: readonly QuickAction[] = [
  {
    title: 'Time & Expense',
    text: 'Record Your Time',
    permission: 'can_view_time_entries',
    pathId: 'profile',
    icon: 'clock',
  },
  {
    title: 'Manage Clients',
    text: 'Client Operations',
    permission: 'can_view_clients',
    pathId: 'clientsManage',
    icon: 'clients',
  },
  { title: 'Billing', text: 'View Client Totals', permission: 'can_view_billing', pathId: 'billing', icon: 'billing' },
  {
    title: 'AR Ledger',
    text: 'Accounts Receivable',
    permission: 'can_view_ar_ledger',
    pathId: 'ledger',
    icon: 'ledger',
  },
  { title: 'Reports', text: 'View Client Reports', permission: 'can_view_reports', pathId: 'reports', icon: 'reports' },
];

export function QuickActions({ fullRole }: { fullRole: Partial<FullRole> | Record<string, boolean> }) {
  const actions = QUICK_ACTIONS.filter((action) => hasPermission(fullRole, action.permission));
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="quick-actions-heading">
      <h2 id="quick-actions-heading">Quick actions</h2>
      <ul className="quick-actions">
        {actions.map((action) => (
          <li key={action.title}>
            <Link className="quick-action" to={shellPaths[action.pathId].getHref()}>
              <Icon name={action.icon} className="quick-action-icon" />
              <span className="quick-action-title">{action.title}</span>
              <span className="quick-action-text">{action.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
