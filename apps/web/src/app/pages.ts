import type { ComponentType } from 'react';
import type { PublicPathId, ShellPathId } from '../config/paths';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * The page of each route of config/paths.ts. null: a later issue builds it; until then the
 * route shows the not-found page and its sidebar item stays hidden. Adding a page is
 * replacing its null with the lazy import of features/<area>/pages/<page>.tsx.
 */
export const shellPages: Record<ShellPathId, PageLoader | null> = {
  dashboard: () => import('../features/dashboard/pages/dashboard-page'),
  clientDetail: () => import('../features/clients/pages/client-detail-page'),
  clientCreate: () => import('../features/clients/pages/client-create-page'),
  clientEdit: () => import('../features/clients/pages/client-edit-page'),
  clientsManage: () => import('../features/clients/pages/clients-manage-page'),
  clientWip: () => import('../features/invoices/pages/client-wip-page'),
  clientDrafts: () => import('../features/invoices/pages/client-drafts-page'),
  clientActivityTypes: () => import('../features/clients/pages/client-activity-types-page'),
  clientPayments: () => import('../features/payments/pages/client-payments-page'),
  timeEntryEdit: () => import('../features/time-entries/pages/time-entry-edit-page'),
  timeEntryCreate: () => import('../features/time-entries/pages/time-entry-create-page'),
  profile: () => import('../features/time-entries/pages/profile-page'),
  teamTime: () => import('../features/time-entries/pages/team-time-page'),
  guide: () => import('../features/guide/pages/guide-page'),
  settings: () => import('./settings-route'),
  userCreate: () => import('../features/people/pages/user-create-page'),
  userEdit: () => import('../features/people/pages/user-edit-page'),
  usersManage: () => import('../features/people/pages/users-manage-page'),
  userDetail: () => import('../features/people/pages/user-detail-page'),
  activityTypes: () => import('../features/activity-types/pages/activity-types-page'),
  supportTicketsManage: () => import('../features/support/pages/support-tickets-manage-page'),
  supportTicketCreate: () => import('../features/support/pages/support-ticket-create-page'),
  supportTicketDetail: () => import('../features/support/pages/support-ticket-detail-page'),
  invoicesManage: () => import('../features/invoices/pages/invoices-manage-page'),
  invoicePreview: () => import('../features/invoices/pages/invoice-preview-page'),
  invoiceDetail: () => import('../features/invoices/pages/invoice-detail-page'),
  invoiceEdit: () => import('../features/invoices/pages/invoice-edit-page'),
  invoiceTextCreate: () => import('../features/invoices/pages/invoice-text-create-page'),
  invoiceTextEdit: () => import('../features/invoices/pages/invoice-text-edit-page'),
  invoiceTextsManage: () => import('../features/invoices/pages/invoice-texts-manage-page'),
  billing: () => import('../features/billing/pages/billing-page'),
  billingRefresh: () => import('../features/billing/pages/billing-refresh-page'),
  reports: () => import('../features/reports/pages/reports-page'),
  ledger: () => import('../features/ledger/pages/ledger-page'),
  paymentEdit: () => import('../features/payments/pages/payment-edit-page'),
  adminRoles: () => import('../features/admin/pages/admin-roles-page'),
  adminExport: () => import('../features/admin/pages/admin-export-page'),
  adminOutbox: () => import('../features/admin/pages/demo-outbox-page'),
  admin: () => import('../features/admin/pages/admin-page'),
  adminActivity: () => import('../features/activity-log/pages/activity-log-page'),
  adminAudit: () => import('../features/admin/pages/admin-audit-page'),
  error: () => import('./errors/error-page'),
  accessDenied: () => import('./errors/access-denied-page'),
  testError: () => import('./errors/test-error-page'),
};

/** Public pages other than /login (which the entry chunk carries). */
export const publicPages: Record<Exclude<PublicPathId, 'login'>, PageLoader | null> = {
  privacy: () => import('../features/support/pages/privacy-page'),
  terms: () => import('../features/support/pages/terms-page'),
  support: () => import('../features/support/pages/contact-support-page'),
  clientPortal: () => import('../features/client-portal/pages/portal-code-page'),
  clientPortalInvoice: () => import('../features/client-portal/pages/portal-invoice-page'),
  clientPortalPayment: () => import('../features/client-portal/pages/portal-payment-page'),
  resetPassword: () => import('../features/auth/pages/reset-password-page'),
  signInUnlock: () => import('../features/auth/pages/sign-in-unlock-page'),
};

export function pageExists(id: ShellPathId): boolean {
  return shellPages[id] !== null;
}
