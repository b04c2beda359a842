import { PERMISSION_FLAGS, type FullRole } from '@practice/shared';
import { roles } from '../../db/schema/index';

type RoleRow = typeof roles.$inferSelect;

const COLUMN_OF_FLAG = {
  can_view_time_entries: 'canViewTimeEntries',
  can_edit_time_entries: 'canEditTimeEntries',
  can_view_clients: 'canViewClients',
  can_edit_clients: 'canEditClients',
  can_view_invoices: 'canViewInvoices',
  can_create_invoices: 'canCreateInvoices',
  can_edit_invoices: 'canEditInvoices',
  can_view_billing: 'canViewBilling',
  can_view_payments: 'canViewPayments',
  can_edit_payments: 'canEditPayments',
  can_view_ar_ledger: 'canViewArLedger',
  can_view_reports_page: 'canViewReportsPage',
  can_view_reports: 'canViewReports',
  can_view_users: 'canViewUsers',
  can_edit_users: 'canEditUsers',
  can_view_admin_page: 'canViewAdminPage',
} as const satisfies Record<(typeof PERMISSION_FLAGS)[number], keyof RoleRow>;

export function fullRoleOf(role: RoleRow): FullRole {
  const fullRole = { all: role.all } as FullRole;
  for (const flag of PERMISSION_FLAGS) fullRole[flag] = role[COLUMN_OF_FLAG[flag]];
  return fullRole;
}

/** A role row as PostgreSQL's to_jsonb writes it (its columns are named as the SPEC 3 flags); null when there is none. */
export type RoleJson = Partial<Record<keyof FullRole, boolean>> | null;

/** The full role of a to_jsonb role row (the session check's and GET /user's): a flag it lacks is false. */
export function fullRoleOfJson(role: RoleJson): FullRole {
  const fullRole = { all: role?.all === true } as FullRole;
  for (const flag of PERMISSION_FLAGS) fullRole[flag] = role?.[flag] === true;
  return fullRole;
}

/** The insert values of a role from its SPEC 3 flag set. */
export function roleColumnsOf(fullRole: FullRole) {
  const columns = { all: fullRole.all } as Pick<RoleRow, 'all' | (typeof COLUMN_OF_FLAG)[keyof typeof COLUMN_OF_FLAG]>;
  for (const flag of PERMISSION_FLAGS) columns[COLUMN_OF_FLAG[flag]] = fullRole[flag];
  return columns;
}
