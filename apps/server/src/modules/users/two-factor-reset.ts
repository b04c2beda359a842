import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { organizations, users } from '../../db/schema/index';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { enqueueMail } from '../../mail/outbox';
import { twoFactorResetMail } from '../../mail/templates/two-factor-reset';
import type { MailDelivery } from '../../mail/delivery';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { voidOpenAttempts } from '../two-factor/sign-in-attempts';
import { voidVerifications } from '../verifications/verifications';
import { requireRoleWithin } from './role-ceiling';

export const TWO_FACTOR_ALREADY_OFF = 'Two-factor sign-in is already off for this user';
export const FIRM_REQUIRES_2FA =
  "The firm requires two-factor sign-in for everyone: change the user's e-mail address instead";
export const OWN_TWO_FACTOR = 'Turn your own two-factor sign-in off in Settings, with your password';

/**
 * POST /users/{id}/two-factor/reset: a person whose mailbox is lost can never receive a code,
 * so an administrator turns his e-mail codes off. His half-finished sign-ins and their codes
 * go with it; he is told by e-mail, so a reset he did not ask for does not pass unseen.
 */
export async function resetTwoFactor(
  context: AppContext,
  mail: Pick<MailDelivery, 'kick'>,
  actor: SessionUser,
  id: number,
): Promise<{ two_factor_enabled: false }> {
  const organizationId = actor.organizationId;
  if (actor.id === id) throw forbidden(OWN_TWO_FACTOR);
  await withTenant(context.database.db, organizationId, async (tx) => {
    const ownerKey = and(eq(users.organizationId, organizationId), eq(users.id, id));
    const [user] = await tx
      .select({
        roleId: users.roleId,
        enabled: users.twoFactorEnabled,
        email: users.email,
        firstName: users.firstName,
        required: organizations.require2fa,
        organizationName: organizations.name,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(ownerKey)
      .for('update', { of: users });
    if (!user) throw notFound('User not found');
    // Weakening an account's sign-in is managing it: only within the actor's own role (ADR 0147).
    await requireRoleWithin(tx, actor, user.roleId, () => notFound('User not found'));
    if (user.required) throw conflict(FIRM_REQUIRES_2FA);
    if (!user.enabled) throw conflict(TWO_FACTOR_ALREADY_OFF);
    const [administrator] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), eq(users.id, actor.id)));
    await tx.update(users).set({ twoFactorEnabled: false }).where(ownerKey);
    const owner = { organizationId, userId: id };
    await voidOpenAttempts(tx, owner);
    await voidVerifications(tx, owner, 'two-factor-code');
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'two_factor_reset',
      entity: 'user',
      entityId: id,
      before: { two_factor_enabled: true },
      after: { two_factor_enabled: false },
    });
    const name = `${administrator?.firstName ?? ''} ${administrator?.lastName ?? ''}`.trim() || actor.username;
    await enqueueMail(
      tx,
      organizationId,
      twoFactorResetMail({
        to: user.email,
        firstName: user.firstName,
        organizationName: user.organizationName,
        administrator: name,
      }),
    );
  });
  mail.kick();
  return { two_factor_enabled: false };
}
