import type { Permission } from '@practice/shared';

/**
 * Every route of SPEC 2, declared once. `permission` is what a signed-in route demands
 * (null: any signed-in user); public routes live outside the shell and need no session.
 * Pages are attached to these ids in app/pages.ts.
 */
type PathDefinition<Params extends unknown[]> = {
  path: string;
  permission: Permission | null;
  getHref: (...params: Params) => string;
};

function route(path: string, permission: Permission | null = null): PathDefinition<[]> {
  return { path, permission, getHref: () => path };
}

function routeWithId(path: string, permission: Permission | null = null): PathDefinition<[id: string | number]> {
  return { path, permission, getHref: (id) => path.replace(/:[A-Za-z]+/, encodeURIComponent(String(id))) };
}

export const publicPaths = {
  login: route('/login'),
  privacy: route('/privacy'),
  terms: route('/terms'),
  support: route('/support'),
  clientPortal: routeWithId('/client-portal/:accessCode'),
  clientPortalInvoice: route('/client-portal/invoice'),
  clientPortalPayment: route('/client-portal/payment'),
  resetPassword: routeWithId('/reset_password/:resetCode'),
  signInUnlock: routeWithId('/unlock/:token'),
} as const;

export const shellPaths = {
  dashboard: route('/'),
  clientDetail: routeWithId('/clients/:id', 'can_view_clients'),
  clientCreate: route('/clients/create', 'can_edit_clients'),
  clientEdit: routeWithId('/clients/:id/edit', 'can_edit_clients'),
  clientsManage: route('/clients/manage', 'can_view_clients'),
  clientWip: routeWithId('/clients/:clientId/wip', 'can_create_invoices'),
  clientDrafts: routeWithId('/clients/:clientId/drafts', 'can_create_invoices'),
  clientActivityTypes: routeWithId('/clients/:id/activity-types', 'can_edit_clients'),
  clientPayments: routeWithId('/clients/:clientId/payments', 'can_view_payments'),
  timeEntryEdit: routeWithId('/time_entries/:id/edit', 'can_edit_time_entries'),
  timeEntryCreate: route('/time_entries/create', 'can_view_time_entries'),
  profile: route('/profile', 'can_view_time_entries'),
  teamTime: route('/time_entries/team', 'can_edit_time_entries'),
  guide: route('/guide'),
  settings: route('/settings'),
  userCreate: route('/users/create', 'can_edit_users'),
  userEdit: routeWithId('/users/:userId/edit', 'can_edit_users'),
  usersManage: route('/users/manage', 'can_view_users'),
  userDetail: routeWithId('/users/:id', 'can_view_users'),
  activityTypes: route('/activity-types', 'can_edit_clients'),
  supportTicketsManage: route('/support-tickets/manage'),
  supportTicketCreate: route('/support-tickets/create'),
  supportTicketDetail: routeWithId('/support-tickets/:ticketId'),
  invoicesManage: route('/invoices', 'can_view_invoices'),
  invoicePreview: route('/invoices/preview', 'can_create_invoices'),
  invoiceDetail: routeWithId('/invoices/:id', 'can_view_invoices'),
  invoiceEdit: routeWithId('/invoices/:id/edit', 'can_edit_invoices'),
  invoiceTextCreate: route('/invoice_texts/create', 'can_create_invoices'),
  invoiceTextEdit: routeWithId('/invoice_texts/:id/edit', 'can_edit_invoices'),
  invoiceTextsManage: route('/invoice_texts/manage', 'can_view_invoices'),
  billing: route('/billing', 'can_view_billing'),
  billingRefresh: routeWithId('/billing/:refresh', 'can_view_billing'),
  reports: route('/reports', 'can_view_reports_page'),
  ledger: route('/ledger', 'can_view_ar_ledger'),
  paymentEdit: routeWithId('/payments/:id/edit', 'can_edit_payments'),
  adminRoles: route('/admin/roles', 'all'),
  adminExport: route('/admin/export', 'all'),
  adminOutbox: route('/admin/outbox', 'all'),
  admin: route('/admin', 'can_view_admin_page'),
  adminActivity: route('/admin/activity', 'can_view_admin_page'),
  adminAudit: route('/admin/audit', 'can_view_admin_page'),
  error: route('/error'),
  accessDenied: route('/access-denied'),
  testError: route('/test-error'),
} as const;

export type PublicPathId = keyof typeof publicPaths;
export type ShellPathId = keyof typeof shellPaths;

/** Shell routes without parameters: the ones a menu can link to as they are. */
export type StaticShellPathId = {
  [K in ShellPathId]: Parameters<(typeof shellPaths)[K]['getHref']> extends [] ? K : never;
}[ShellPathId];
