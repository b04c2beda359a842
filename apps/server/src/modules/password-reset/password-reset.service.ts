import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { withTenant, type Tx } from '../../db/client';
import { organizations, users } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { enqueueMail } from '../../mail/outbox';
import { passwordResetMail } from '../../mail/templates/password-reset';
import type { OrganizationLookup } from '../../plugins/tenancy';
import { writeAudit } from '../audit/audit';
import { checkNewPassword } from '../account-security/password-policy';
import { hashPassword } from '../auth/passwords';
import { revokeAllSessions } from '../auth/sessions';
import { clearAccountFailures } from '../auth/sign-in-limits';
import { voidOpenAttempts } from '../two-factor/sign-in-attempts';
import { createSecretHasher, newTenantToken, organizationOfToken } from '../verifications/secrets';
import {
  consumeVerification,
  findVerification,
  issueVerification,
  voidVerifications,
} from '../verifications/verifications';
import { checkAndCountResetRequest } from './reset-limits';
import { resetLink } from './reset-link';

export const RESET_LINK_SECONDS = 60 * 60;
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired';

type Recipient = { organizationId: number; userId: number; username: string; email: string; firstName: string };

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

const recipientColumns = {
  organizationId: users.organizationId,
  userId: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
};

/**
 * The active accounts with this address. A request from an organization's page looks only
 * there; on plain localhost (no organization named) every organization is searched, as the
 * table owner, like the username lookup of sign-in.
 */
async function recipientsOf(context: AppContext, email: string, lookup: OrganizationLookup): Promise<Recipient[]> {
  const { db } = context.database;
  if (lookup.kind === 'unknown') return [];
  if (lookup.kind === 'found') {
    const organizationId = lookup.organization.id;
    return withTenant(db, organizationId, (tx) =>
      tx
        .select(recipientColumns)
        .from(users)
        .where(and(eq(users.organizationId, organizationId), byEmail(email), eq(users.active, true))),
    );
  }
  return db
    .select(recipientColumns)
    .from(users)
    .where(and(byEmail(email), eq(users.active, true)));
}

async function queueResetMail(context: AppContext, tx: Tx, recipient: Recipient): Promise<void> {
  const { organizationId, userId } = recipient;
  const resetCode = newTenantToken(organizationId);
  await issueVerification(tx, {
    organizationId,
    userId,
    type: 'password-reset',
    secretHash: createSecretHasher(context.config.secretKey)(resetCode),
    ttlSeconds: RESET_LINK_SECONDS,
  });
  const [organization] = await tx
    .select({ name: organizations.name, subdomain: organizations.subdomain })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) return;
  await enqueueMail(
    tx,
    organizationId,
    passwordResetMail({
      to: recipient.email,
      firstName: recipient.firstName,
      username: recipient.username,
      organizationName: organization.name,
      link: resetLink(context.config.publicUrl, organization.subdomain, resetCode),
    }),
  );
}

/**
 * POST /reset_password/send: queues a single-use link for each active account with the
 * address. The caller answers the same whether or not any exists.
 */
export async function requestPasswordReset(
  context: AppContext,
  input: { email: string; lookup: OrganizationLookup; address: string },
): Promise<number> {
  await checkAndCountResetRequest(context.database.db, input.email, input.address);
  const recipients = await recipientsOf(context, input.email, input.lookup);
  for (const recipient of recipients) {
    await withTenant(context.database.db, recipient.organizationId, (tx) => queueResetMail(context, tx, recipient));
  }
  return recipients.length;
}

function hashOf(context: AppContext, resetCode: string) {
  return createSecretHasher(context.config.secretKey)(resetCode);
}

/** GET /reset_password/{resetCode}: whether the link can still be used. */
export async function isResetCodeValid(context: AppContext, resetCode: string): Promise<boolean> {
  const organizationId = organizationOfToken(resetCode);
  if (organizationId === null) return false;
  const found = await withTenant(context.database.db, organizationId, (tx) =>
    findVerification(tx, { organizationId, type: 'password-reset', secretHash: hashOf(context, resetCode) }),
  );
  return found !== null;
}

/**
 * Sets the new password, uses the link up, ends every session and half-finished sign-in of
 * the user. It signs nobody in, and 2FA still applies at the next sign-in.
 */
export async function resetPassword(context: AppContext, resetCode: string, password: string): Promise<void> {
  const organizationId = organizationOfToken(resetCode);
  if (organizationId === null) throw badRequest(INVALID_RESET_LINK);
  const passwordHash = await hashPassword(password);
  const username = await withTenant(context.database.db, organizationId, async (tx) => {
    const used = await consumeVerification(tx, {
      organizationId,
      type: 'password-reset',
      secretHash: hashOf(context, resetCode),
    });
    if (!used) throw badRequest(INVALID_RESET_LINK);
    const owner = { organizationId, userId: used.userId };
    const ownerKey = and(eq(users.organizationId, organizationId), eq(users.id, used.userId), eq(users.active, true));
    const [user] = await tx.select({ username: users.username }).from(users).where(ownerKey);
    if (!user) throw badRequest(INVALID_RESET_LINK);
    // Throwing rolls the transaction back, so a refused password leaves the link usable.
    checkNewPassword(password, user.username, 'password');
    await tx.update(users).set({ passwordHash }).where(ownerKey);
    await voidVerifications(tx, owner, 'password-reset');
    await voidOpenAttempts(tx, owner);
    await revokeAllSessions(tx, organizationId, used.userId);
    await writeAudit(tx, { ...owner, action: 'password_reset', entity: 'user', entityId: used.userId });
    return user.username;
  });
  await clearAccountFailures(context.database.db, username);
}
