import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { notFoundField } from './field-errors';

export type UserRef = { id: number; firstName: string; lastName: string; username: string; active: boolean };

/** A user of this organization named in a body; another firm's user reads as missing (404). */
export async function requireOrganizationUser(
  tx: Tx,
  organizationId: number,
  userId: number,
  field: string,
  label = 'User',
): Promise<UserRef> {
  const [row] = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      active: users.active,
    })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  if (!row) throw notFoundField(field, `${label} not found`);
  return row;
}

/** A person's name as lists show it: full name, else username. */
export function displayName(user: { firstName: string; lastName: string; username: string }): string {
  const full = `${user.firstName} ${user.lastName}`.trim();
  return full || user.username;
}
