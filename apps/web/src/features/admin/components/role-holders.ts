import type { RoleView } from '../api/roles';

/** How many people hold a role, as its heading says under the name. */
export function roleHolders(role: RoleView): string {
  return role.users === 1 ? '1 person' : `${role.users} people`;
}
