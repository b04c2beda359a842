import type { Permission } from '@practice/shared';

export type PermissionArea = { name: string; flags: { flag: Permission; label: string }[] };

/**
 * The SPEC 3 flags as the roles editor lists them: grouped by the part of the firm's work they
 * open, each in the words on the screens it opens (every flag appears exactly once).
 */
export const PERMISSION_AREAS: PermissionArea[] = [
  {
    name: 'Administration',
    flags: [
      { flag: 'all', label: 'All permissions (administrator)' },
      { flag: 'can_view_admin_page', label: 'View admin page' },
    ],
  },
  {
    name: 'Time and expenses',
    flags: [
      { flag: 'can_view_time_entries', label: 'View time entries' },
      { flag: 'can_edit_time_entries', label: "Edit other people's time entries" },
    ],
  },
  {
    name: 'Clients',
    flags: [
      { flag: 'can_view_clients', label: 'View clients' },
      { flag: 'can_edit_clients', label: 'Edit clients' },
    ],
  },
  {
    name: 'Invoices and billing',
    flags: [
      { flag: 'can_view_invoices', label: 'View invoices' },
      { flag: 'can_create_invoices', label: 'Create invoices' },
      { flag: 'can_edit_invoices', label: 'Edit invoices' },
      { flag: 'can_view_billing', label: 'View billing' },
    ],
  },
  {
    name: 'Payments and receivables',
    flags: [
      { flag: 'can_view_payments', label: 'View payments' },
      { flag: 'can_edit_payments', label: 'Edit payments' },
      { flag: 'can_view_ar_ledger', label: 'View AR ledger' },
    ],
  },
  {
    name: 'Reports',
    flags: [
      { flag: 'can_view_reports_page', label: 'View reports page' },
      { flag: 'can_view_reports', label: 'View reports' },
    ],
  },
  {
    name: 'People',
    flags: [
      { flag: 'can_view_users', label: 'View people' },
      { flag: 'can_edit_users', label: 'Edit people' },
    ],
  },
];
