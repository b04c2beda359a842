import { hasPermission, type Permission } from '@practice/shared';

/** SPEC 2 sidebar items with their route and the flag each needs (null: any signed-in user). */
export const SIDEBAR: readonly { label: string; path: string; permission: Permission | null }[] = [
  { label: 'Dashboard', path: '/', permission: null },
  { label: 'Time Tracking', path: '/profile', permission: 'can_view_time_entries' },
  { label: 'Team Time', path: '/time_entries/team', permission: 'can_edit_time_entries' },
  { label: 'Clients', path: '/clients/manage', permission: 'can_view_clients' },
  { label: 'Billing', path: '/billing', permission: 'can_view_billing' },
  { label: 'Invoices', path: '/invoices', permission: 'can_view_invoices' },
  { label: 'AR Ledger', path: '/ledger', permission: 'can_view_ar_ledger' },
  { label: 'Reports', path: '/reports', permission: 'can_view_reports_page' },
  { label: 'Admin', path: '/admin', permission: 'can_view_admin_page' },
  { label: 'Support', path: '/support-tickets/manage', permission: null },
  { label: 'Guide', path: '/guide', permission: null },
  { label: 'Settings', path: '/settings', permission: null },
];

/** The labels a role's flags allow, among the items whose page exists; Logout always closes the list. */
export function expectedSidebar(fullRole: Record<string, boolean>, builtPaths: ReadonlySet<string>): string[] {
  const allowed = SIDEBAR.filter(
    (item) => builtPaths.has(item.path) && (item.permission === null || hasPermission(fullRole, item.permission)),
  );
  return [...allowed.map((item) => item.label), 'Logout'];
}
