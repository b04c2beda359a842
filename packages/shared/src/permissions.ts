export const PERMISSION_FLAGS = [
  'can_view_time_entries',
  'can_edit_time_entries',
  'can_view_clients',
  'can_edit_clients',
  'can_view_invoices',
  'can_create_invoices',
  'can_edit_invoices',
  'can_view_billing',
  'can_view_payments',
  'can_edit_payments',
  'can_view_ar_ledger',
  'can_view_reports_page',
  'can_view_reports',
  'can_view_users',
  'can_edit_users',
  'can_view_admin_page',
] as const;

export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

/** A permission a route or a screen can require: a flag, or `all` for the admin-only pages. */
export type Permission = PermissionFlag | 'all';

export type FullRole = { all: boolean } & Record<PermissionFlag, boolean>;

/** SPEC 6: the `all` flag overrides any specific flag. */
export function hasPermission(fullRole: Partial<FullRole> | null | undefined, permission: Permission): boolean {
  if (!fullRole) return false;
  return fullRole.all === true || fullRole[permission] === true;
}

export function permissionRequiredMessage(permission: Permission): string {
  return `Permission required: ${permission}`;
}

export function emptyFullRole(): FullRole {
  const role = { all: false } as FullRole;
  for (const flag of PERMISSION_FLAGS) role[flag] = false;
  return role;
}
