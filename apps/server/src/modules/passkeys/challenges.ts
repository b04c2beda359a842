import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { createSecretHasher } from '../verifications/secrets';
import { consumeVerification, issueVerification } from '../verifications/verifications';

/** Long enough for a person at a fingerprint reader, short enough to be of no use later. */
export const CHALLENGE_SECONDS = 5 * 60;

/** Sign-in ceremonies keep their challenge per browser instead (sign-in-ceremonies.ts). */
type CeremonyType = 'passkey-registration';
type Owner = { organizationId: number; userId: number };

/** Keeps a ceremony's challenge server-side (hashed), replacing the user's previous one. */
export async function storeChallenge(context: AppContext, owner: Owner, type: CeremonyType, challenge: string) {
  await withTenant(context.database.db, owner.organizationId, (tx) =>
    issueVerification(tx, {
      ...owner,
      type,
      secretHash: createSecretHasher(context.config.secretKey)(challenge),
      ttlSeconds: CHALLENGE_SECONDS,
    }),
  );
}

/** The challenge the browser signed, read from its clientDataJSON; null when unreadable. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (parsed as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Uses up the challenge of this user's ceremony. Done in its own transaction before the
 * signature is checked, so a challenge is burnt even by a failed attempt and never replays.
 */
export async function consumeChallenge(
  context: AppContext,
  owner: Owner,
  type: CeremonyType,
  challenge: string | null,
): Promise<boolean> {
  if (!challenge) return false;
  const used = await withTenant(context.database.db, owner.organizationId, (tx) =>
    consumeVerification(tx, {
      organizationId: owner.organizationId,
      type,
      secretHash: createSecretHasher(context.config.secretKey)(challenge),
    }),
  );
  return used !== null && used.userId === owner.userId;
}
