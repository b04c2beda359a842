import { CLIENT_ENTITY_TYPE_LABELS, type ClientEntityType, type ClientStatus } from '@practice/shared';

export const STATUS_LABELS: Record<ClientStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  prospect: 'Prospect',
};

export function entityTypeLabel(type: ClientEntityType): string {
  return CLIENT_ENTITY_TYPE_LABELS[type];
}
