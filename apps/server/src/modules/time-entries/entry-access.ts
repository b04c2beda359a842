import { hasPermission, permissionRequiredMessage } from '@practice/shared';
import { forbidden } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';

/**
 * Who may see and change time entries and expenses (docs/decisions/0044): everyone his
 * own; other people's are seen with can_edit_time_entries or can_view_billing (billing
 * works from everyone's time) and changed with can_edit_time_entries only.
 */
export function maySeeOthersEntries(user: SessionUser): boolean {
  return hasPermission(user.fullRole, 'can_edit_time_entries') || hasPermission(user.fullRole, 'can_view_billing');
}

export function mayChangeOthersEntries(user: SessionUser): boolean {
  return hasPermission(user.fullRole, 'can_edit_time_entries');
}

export function assertMaySee(user: SessionUser, ownerId: number): void {
  if (ownerId !== user.id && !maySeeOthersEntries(user)) {
    throw forbidden(permissionRequiredMessage('can_edit_time_entries'));
  }
}

export function assertMayChange(user: SessionUser, ownerId: number): void {
  if (ownerId !== user.id && !mayChangeOthersEntries(user)) {
    throw forbidden(permissionRequiredMessage('can_edit_time_entries'));
  }
}
