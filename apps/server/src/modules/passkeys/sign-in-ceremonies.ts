import type { FastifyReply } from 'fastify';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { passkeySignInCeremonies } from '../../db/schema/index';
import { createSecretHasher, randomSecret } from '../verifications/secrets';
import { CHALLENGE_SECONDS } from './challenges';

/**
 * Names the browser's own passkey sign-in; HttpOnly, so page scripts never see it. Another
 * browser asking options for the same username gets a ceremony of its own and cannot replace
 * this one's challenge (ADR 0094). Path / like the session cookies: an API_URL behind a proxy
 * may carry a path prefix.
 */
export const PASSKEY_CEREMONY_COOKIE = 'passkey_ceremony';
const COOKIE_PATH = '/';

/** Keeps the challenge of a new sign-in ceremony (hashed) and answers the token the cookie carries. */
export async function openSignInCeremony(context: AppContext, challenge: string): Promise<string> {
  const hash = createSecretHasher(context.config.secretKey);
  const token = randomSecret();
  const { db } = context.database;
  await db.delete(passkeySignInCeremonies).where(lte(passkeySignInCeremonies.expiresAt, new Date()));
  await db.insert(passkeySignInCeremonies).values({
    tokenHash: hash(token),
    challengeHash: hash(challenge),
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
  return token;
}

/**
 * Uses up the browser's ceremony: the row goes whatever the outcome (a DELETE, so two
 * requests presenting it at once cannot both have it), and it counts only when the challenge
 * the authenticator signed is the one this ceremony issued.
 */
export async function useSignInCeremony(
  context: AppContext,
  token: string | undefined,
  challenge: string | null,
): Promise<boolean> {
  if (!token || token.length > 64) return false;
  const hash = createSecretHasher(context.config.secretKey);
  const [used] = await context.database.db
    .delete(passkeySignInCeremonies)
    .where(and(eq(passkeySignInCeremonies.tokenHash, hash(token)), gt(passkeySignInCeremonies.expiresAt, new Date())))
    .returning({ challengeHash: passkeySignInCeremonies.challengeHash });
  return used !== undefined && challenge !== null && used.challengeHash === hash(challenge);
}

function cookieOptions(secure: boolean) {
  return { path: COOKIE_PATH, sameSite: 'lax' as const, secure, httpOnly: true };
}

export function setCeremonyCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(PASSKEY_CEREMONY_COOKIE, token, { ...cookieOptions(secure), maxAge: CHALLENGE_SECONDS });
}

export function clearCeremonyCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(PASSKEY_CEREMONY_COOKIE, cookieOptions(secure));
}
