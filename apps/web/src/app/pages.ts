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
  clientActivityTypes: () => import('../features/clients/pages/client-activity-types-page'),
  clientPayments: null,
  timeEntryEdit: () => import('../features/time-entries/pages/time-entry-edit-page'),
  timeEntryCreate: () => import('../features/time-entries/pages/time-entry-create-page'),
  profile: () => import('../features/time-entries/pages/profile-page'),
  teamTime: () => import('../features/time-entries/pages/team-time-page'),
  guide: null,
  settings: () => import('./settings-route'),
  userCreate: null,
  userEdit: null,
  usersManage: null,
  userDetail: null,
  activityTypes: () => import('../features/activity-types/pages/activity-types-page'),
  supportTicketsManage: null,
  supportTicketCreate: null,
  supportTicketDetail: null,
  invoicesManage: () => import('../features/invoices/pages/invoices-manage-page'),
  invoicePreview: () => import('../features/invoices/pages/invoice-preview-page'),
  invoiceDetail: () => import('../features/invoices/pages/invoice-detail-page'),
  invoiceEdit: () => import('../features/invoices/pages/invoice-edit-page'),
  invoiceTextCreate: () => import('../features/invoices/pages/invoice-text-create-page'),
  invoiceTextEdit: () => import('../features/invoices/pages/invoice-text-edit-page'),
  invoiceTextsManage: () => import('../features/invoices/pages/invoice-texts-manage-page'),
  billing: null,
  billingRefresh: null,
  reports: null,
  ledger: null,
  paymentEdit: null,
  adminRoles: null,
  adminExport: null,
  admin: null,
  error: () => import('./errors/error-page'),
  accessDenied: () => import('./errors/access-denied-page'),
  testError: () => import('./errors/test-error-page'),
};

/** Public pages other than /login (which the entry chunk carries). */
export const publicPages: Record<Exclude<PublicPathId, 'login'>, PageLoader | null> = {
  privacy: null,
  terms: null,
  clientPortal: null,
  clientPortalInvoice: null,
  clientPortalPayment: null,
  resetPassword: () => import('../features/auth/pages/reset-password-page'),
};

export function pageExists(id: ShellPathId): boolean {
  return shellPages[id] !== null;
}
