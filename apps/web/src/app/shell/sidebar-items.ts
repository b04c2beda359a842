import { hasPermission, type FullRole } from '@practice/shared';
import { shellPaths, type ShellPathId, type StaticShellPathId } from '../../config/paths';
import type { IconName } from '../../components/icon';

export type SidebarItem = { label: string; pathId: StaticShellPathId; icon: IconName; tooltip?: string };

/** SPEC 2 sidebar, in order, with Team Time and Invoices added (ADR 0208); Logout follows them. */
export const SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { label: 'Dashboard', pathId: 'dashboard', icon: 'dashboard' },
  { label: 'Time Tracking', pathId: 'profile', icon: 'clock' },
  { label: 'Team Time', pathId: 'teamTime', icon: 'team', tooltip: 'Everyone’s time by week' },
  { label: 'Clients', pathId: 'clientsManage', icon: 'clients' },
  { label: 'Billing', pathId: 'billing', icon: 'billing' },
  { label: 'Invoices', pathId: 'invoicesManage', icon: 'invoices' },
  { label: 'AR Ledger', pathId: 'ledger', icon: 'ledger', tooltip: 'Accounts Receivable' },
  { label: 'Reports', pathId: 'reports', icon: 'reports' },
  { label: 'Admin', pathId: 'admin', icon: 'admin', tooltip: 'Admin Panel' },
  { label: 'Support', pathId: 'supportTicketsManage', icon: 'support' },
  { label: 'Guide', pathId: 'guide', icon: 'guide' },
  { label: 'Settings', pathId: 'settings', icon: 'settings' },
];

/** The items a user sees: those whose page exists and whose permission his role grants. */
export function visibleSidebarItems(
  fullRole: Partial<FullRole> | Record<string, boolean>,
  pageExists: (id: ShellPathId) => boolean,
): SidebarItem[] {
  return SIDEBAR_ITEMS.filter((item) => {
    const { permission } = shellPaths[item.pathId];
    return pageExists(item.pathId) && (permission === null || hasPermission(fullRole, permission));
  });
}
