import type { RoleView } from '../api/roles';

/** What a role's heading says under its name: who holds it and whether the firm started with it. */
export function roleHolders(role: RoleView): string {
  const people = role.users === 1 ? '1 person' : `${role.users} people`;
  return role.built_in ? `${people}, built-in` : people;
}
