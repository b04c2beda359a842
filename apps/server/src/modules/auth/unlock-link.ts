import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { organizations, users } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { enqueueMail } from '../../mail/outbox';
import { signInUnlockMail } from '../../mail/templates/sign-in-unlock';
import { createSecretHasher, newTenantToken, organizationOfToken } from '../verifications/secrets';
import { consumeVerification, issueVerification } from '../verifications/verifications';
import { FAILURE_WINDOW_SECONDS, claimUnlockMail } from './sign-in-limits';

export const UNLOCK_LINK_SECONDS = 60 * 60;
export const INVALID_UNLOCK_LINK = 'This unlock link is invalid, used or expired';

type Account = { organizationId: number; id: number; username: string };

/** The page of the web app that spends an unlock token (a mail scanner's GET spends nothing). */
function unlockLink(publicUrl: string, subdomain: string, token: string): string {
  const base = publicUrl.replace('{org}', subdomain);
  return new URL(`unlock/${encodeURIComponent(token)}`, base.endsWith('/') ? base : `${base}/`).toString();
}

/**
 * E-mails the account's owner a single-use link that makes a browser known to his account
 * (ADR 0206), at most once per failure window whoever keeps the account locked.
 */
export async function sendUnlockLinkOnce(context: AppContext, account: Account): Promise<boolean> {
  const { db } = context.database;
  if (!(await claimUnlockMail(db, account.username))) return false;
  const token = newTenantToken(account.organizationId);
  return withTenant(db, account.organizationId, async (tx) => {
    const [row] = await tx
      .select({
        email: users.email,
        firstName: users.firstName,
        active: users.active,
        organizationName: organizations.name,
        subdomain: organizations.subdomain,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(and(eq(users.organizationId, account.organizationId), eq(users.id, account.id)));
    if (!row?.active || !row.email) return false;
    await issueVerification(tx, {
      organizationId: account.organizationId,
      userId: account.id,
      type: 'sign-in-unlock',
      secretHash: createSecretHasher(context.config.secretKey)(token),
      ttlSeconds: UNLOCK_LINK_SECONDS,
    });
    await enqueueMail(
      tx,
      account.organizationId,
      signInUnlockMail({
        to: row.email,
        firstName: row.firstName,
        username: account.username,
        organizationName: row.organizationName,
        link: unlockLink(context.config.publicUrl, row.subdomain, token),
        minutes: FAILURE_WINDOW_SECONDS / 60,
      }),
    );
    return true;
  });
}

/** Spends an unlock link: the user whose browser becomes known, or 400 when the link is no good. */
export async function spendUnlockLink(
  context: AppContext,
  token: string,
): Promise<{ organizationId: number; userId: number }> {
  const organizationId = organizationOfToken(token);
  if (organizationId === null) throw badRequest(INVALID_UNLOCK_LINK);
  const used = await withTenant(context.database.db, organizationId, (tx) =>
    consumeVerification(tx, {
      organizationId,
      type: 'sign-in-unlock',
      secretHash: createSecretHasher(context.config.secretKey)(token),
    }),
  );
  if (!used) throw badRequest(INVALID_UNLOCK_LINK);
  return { organizationId, userId: used.userId };
}
