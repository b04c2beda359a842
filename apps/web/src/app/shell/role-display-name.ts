import type { User } from '../../lib/session-store';

/** SPEC 2 top bar: the role's name, else role_name, else 'User'. */
export function roleDisplayName(user: Pick<User, 'role' | 'role_name'>): string {
  const fromRole = typeof user.role === 'string' ? user.role : user.role?.name;
  return fromRole || user.role_name || 'User';
}
