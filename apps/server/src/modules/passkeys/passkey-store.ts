import { and, eq } from 'drizzle-orm';
import type { PasskeyCredential } from '@practice/shared';
import type { Tx } from '../../db/client';
import { passkeys } from '../../db/schema/index';

export type StoredPasskey = typeof passkeys.$inferSelect;
type Owner = { organizationId: number; userId: number };

export function passkeyView(row: StoredPasskey): PasskeyCredential {
  return {
    id: row.id,
    device_name: row.deviceName,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

function ownedBy(owner: Owner) {
  return and(eq(passkeys.organizationId, owner.organizationId), eq(passkeys.userId, owner.userId));
}

export async function passkeysOf(tx: Tx, owner: Owner): Promise<StoredPasskey[]> {
  return tx.select().from(passkeys).where(ownedBy(owner)).orderBy(passkeys.id);
}

/** One of this user's passkeys; another user's (or another organization's) id finds nothing. */
export async function ownPasskey(tx: Tx, owner: Owner, id: number): Promise<StoredPasskey | null> {
  const [row] = await tx
    .select()
    .from(passkeys)
    .where(and(ownedBy(owner), eq(passkeys.id, id)));
  return row ?? null;
}

export async function passkeyByCredential(tx: Tx, owner: Owner, credentialId: string): Promise<StoredPasskey | null> {
  const [row] = await tx
    .select()
    .from(passkeys)
    .where(and(ownedBy(owner), eq(passkeys.credentialId, credentialId)));
  return row ?? null;
}
