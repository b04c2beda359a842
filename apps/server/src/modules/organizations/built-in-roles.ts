import { emptyFullRole, type FullRole, type PermissionFlag } from '@practice/shared';

export type BuiltInRole = { name: string; displayName: string; fullRole: FullRole };

function roleWith(flags: PermissionFlag[], all = false): FullRole {
  const fullRole = emptyFullRole();
  fullRole.all = all;
  for (const flag of flags) fullRole[flag] = true;
  return fullRole;
}

const VIEW_MONEY: PermissionFlag[] = [
  'can_view_invoices',
  'can_view_billing',
  'can_view_payments',
  'can_view_ar_ledger',
  'can_view_reports_page',
  'can_view_reports',
];

/** PRODUCT.md: the roles every new organization starts with (editable later at /admin/roles). */
export const BUILT_IN_ROLES: BuiltInRole[] = [
  { name: 'admin', displayName: 'Administrator', fullRole: roleWith([], true) },
  {
    name: 'partner',
    displayName: 'Partner',
    fullRole: roleWith([
      'can_view_time_entries',
      'can_edit_time_entries',
      'can_view_clients',
      'can_edit_clients',
      ...VIEW_MONEY,
      'can_create_invoices',
      'can_edit_invoices',
      'can_edit_payments',
      'can_view_users',
    ]),
  },
  {
    name: 'manager',
    displayName: 'Manager',
    fullRole: roleWith([
      'can_view_time_entries',
      'can_edit_time_entries',
      'can_view_clients',
      'can_edit_clients',
      ...VIEW_MONEY,
      'can_create_invoices',
      'can_view_users',
    ]),
  },
  { name: 'staff', displayName: 'Staff', fullRole: roleWith(['can_view_time_entries', 'can_view_clients']) },
  {
    name: 'billing',
    displayName: 'Billing',
    fullRole: roleWith([
      'can_view_time_entries',
      'can_view_clients',
      ...VIEW_MONEY,
      'can_create_invoices',
      'can_edit_invoices',
      'can_edit_payments',
    ]),
  },
  {
    name: 'readonly',
    displayName: 'Read-only',
    fullRole: roleWith(['can_view_clients', ...VIEW_MONEY, 'can_view_users']),
  },
];
