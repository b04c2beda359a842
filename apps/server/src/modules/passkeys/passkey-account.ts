import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { organizations, users } from '../../db/schema/index';

export type PasskeyAccount = {
  username: string;
  displayName: string;
  organizationName: string;
  subdomain: string;
};

export async function passkeyAccountOf(tx: Tx, organizationId: number, userId: number): Promise<PasskeyAccount | null> {
  const [row] = await tx
    .select({
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      organizationName: organizations.name,
      subdomain: organizations.subdomain,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  if (!row) return null;
  const fullName = `${row.firstName} ${row.lastName}`.trim();
  return {
    username: row.username,
    displayName: fullName || row.username,
    organizationName: row.organizationName,
    subdomain: row.subdomain,
  };
}

/**
 * The WebAuthn user handle: 32 bytes (SPEC 5 allows 1 to 64) derived from the user's ids
 * under SECRET_KEY, so it is stable yet tells an authenticator nothing about the account.
 */
export function userHandleOf(config: Config, organizationId: number, userId: number): Uint8Array<ArrayBuffer> {
  const digest = createHmac('sha256', config.secretKey).update(`webauthn-user:${organizationId}:${userId}`).digest();
  return new Uint8Array(digest);
}
