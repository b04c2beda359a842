import { and, eq, sql } from 'drizzle-orm';
import type { ProfileInput } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { organizations, users } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { enqueueMail } from '../../mail/outbox';
import { emailChangeMail } from '../../mail/templates/email-change';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { confirmCurrentPassword } from '../account-security/current-password';
import { createSecretHasher, newTenantToken } from '../verifications/secrets';
import { consumeVerification, issueVerification, voidVerifications } from '../verifications/verifications';

export const EMAIL_CHANGE_HOURS = 24;
export const INVALID_EMAIL_LINK = 'This e-mail confirmation link is invalid or has expired';

export type Profile = { first_name: string; last_name: string; email: string; pending_email: string | null };

const own = (user: SessionUser) => and(eq(users.organizationId, user.organizationId), eq(users.id, user.id));

/** The link in the confirmation e-mail: the configured public URL, never the request's host. */
function confirmLink(publicUrl: string, subdomain: string, code: string): string {
  const base = publicUrl.replace('{org}', subdomain);
  const url = new URL('settings', base.endsWith('/') ? base : `${base}/`);
  url.searchParams.set('tab', 'profile');
  url.searchParams.set('confirmEmail', code);
  return url.toString();
}

export async function readProfile(context: AppContext, user: SessionUser): Promise<Profile> {
  const [row] = await withTenant(context.database.db, user.organizationId, (tx) =>
    tx
      .select({
        first_name: users.firstName,
        last_name: users.lastName,
        email: users.email,
        pending_email: users.pendingEmail,
      })
      .from(users)
      .where(own(user)),
  );
  return row!;
}

/**
 * PUT /user/profile: his names change at once; a new e-mail address waits until he opens the
 * link sent to it, and asking for one needs his current password (SECURITY.md).
 */
export async function updateProfile(
  context: AppContext,
  user: SessionUser,
  input: ProfileInput & { current_password?: string },
  address: string,
): Promise<{ profile: Profile; mailQueued: boolean }> {
  const before = await readProfile(context, user);
  const emailChanges = input.email.toLowerCase() !== before.email.toLowerCase();
  if (emailChanges) {
    if (!input.current_password) {
      const message = 'Enter your current password to change your e-mail';
      throw badRequest(message, { current_password: message });
    }
    await confirmCurrentPassword(context, user, input.current_password, address);
  }
  const profile = await withTenant(context.database.db, user.organizationId, async (tx) => {
    await tx
      .update(users)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        pendingEmail: emailChanges ? input.email : sql`${users.pendingEmail}`,
      })
      .where(own(user));
    if (emailChanges) {
      const code = newTenantToken(user.organizationId);
      await issueVerification(tx, {
        organizationId: user.organizationId,
        userId: user.id,
        type: 'email-change',
        secretHash: createSecretHasher(context.config.secretKey)(code),
        ttlSeconds: EMAIL_CHANGE_HOURS * 60 * 60,
      });
      const [firm] = await tx
        .select({ name: organizations.name, subdomain: organizations.subdomain })
        .from(organizations)
        .where(eq(organizations.id, user.organizationId));
      await enqueueMail(
        tx,
        user.organizationId,
        emailChangeMail({
          to: input.email,
          firstName: input.first_name,
          organizationName: firm!.name,
          link: confirmLink(context.config.publicUrl, firm!.subdomain, code),
          hours: EMAIL_CHANGE_HOURS,
        }),
      );
    }
    const after = {
      first_name: input.first_name,
      last_name: input.last_name,
      email: before.email,
      pending_email: emailChanges ? input.email : before.pending_email,
    };
    await writeAudit(tx, {
      organizationId: user.organizationId,
      userId: user.id,
      action: 'update_profile',
      entity: 'user',
      entityId: user.id,
      before,
      after,
    });
    return after;
  });
  return { profile, mailQueued: emailChanges };
}

/** POST /user/email/confirm: the code of the link makes the waiting address his e-mail. */
export async function confirmEmailChange(context: AppContext, user: SessionUser, code: string): Promise<Profile> {
  return withTenant(context.database.db, user.organizationId, async (tx) => {
    const used = await consumeVerification(tx, {
      organizationId: user.organizationId,
      type: 'email-change',
      secretHash: createSecretHasher(context.config.secretKey)(code),
    });
    if (!used || used.userId !== user.id) throw badRequest(INVALID_EMAIL_LINK);
    const [row] = await tx.select({ email: users.email, pending: users.pendingEmail }).from(users).where(own(user));
    if (!row?.pending) throw badRequest(INVALID_EMAIL_LINK);
    await tx.update(users).set({ email: row.pending, pendingEmail: null }).where(own(user));
    await voidVerifications(tx, { organizationId: user.organizationId, userId: user.id }, 'email-change');
    await writeAudit(tx, {
      organizationId: user.organizationId,
      userId: user.id,
      action: 'change_email',
      entity: 'user',
      entityId: user.id,
      before: { email: row.email },
      after: { email: row.pending },
    });
    const [profile] = await tx
      .select({
        first_name: users.firstName,
        last_name: users.lastName,
        email: users.email,
        pending_email: users.pendingEmail,
      })
      .from(users)
      .where(own(user));
    return profile!;
  });
}
