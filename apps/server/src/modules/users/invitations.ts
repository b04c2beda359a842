import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/client';
import { organizations } from '../../db/schema/index';
import { enqueueMail } from '../../mail/outbox';
import { invitationMail } from '../../mail/templates/invitation';
import { resetLink } from '../password-reset/reset-link';
import { createSecretHasher, newTenantToken } from '../verifications/secrets';
import { issueVerification } from '../verifications/verifications';

/** A new user has a week to choose his password; an administrator can send a fresh link after that. */
export const INVITATION_DAYS = 7;

type Invitee = { organizationId: number; userId: number; email: string; firstName: string; username: string };

/**
 * Queues the e-mail with which a new user chooses his password. It is a password-reset link
 * with a longer life (the reset page and its rules serve it), so an administrator never
 * sees or sets a password (PRODUCT.md).
 */
export async function queueInvitation(context: AppContext, tx: Tx, invitee: Invitee): Promise<void> {
  const code = newTenantToken(invitee.organizationId);
  await issueVerification(tx, {
    organizationId: invitee.organizationId,
    userId: invitee.userId,
    type: 'password-reset',
    secretHash: createSecretHasher(context.config.secretKey)(code),
    ttlSeconds: INVITATION_DAYS * 24 * 60 * 60,
  });
  const [organization] = await tx
    .select({ name: organizations.name, subdomain: organizations.subdomain })
    .from(organizations)
    .where(eq(organizations.id, invitee.organizationId));
  if (!organization) return;
  await enqueueMail(
    tx,
    invitee.organizationId,
    invitationMail({
      to: invitee.email,
      firstName: invitee.firstName,
      username: invitee.username,
      organizationName: organization.name,
      link: resetLink(context.config.publicUrl, organization.subdomain, code),
      days: INVITATION_DAYS,
    }),
  );
}
