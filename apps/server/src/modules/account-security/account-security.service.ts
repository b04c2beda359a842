import { and, count, eq } from 'drizzle-orm';
import type { AccountSecurity, ChangePasswordInput, TwoFactorSettingInput } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { withTenant, type Tx } from '../../db/client';
import { organizations, passkeys, users } from '../../db/schema/index';
import { badRequest, conflict } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { hashPassword } from '../auth/passwords';
import { revokeOtherSessions } from '../auth/sessions';
import { voidOpenAttempts } from '../two-factor/sign-in-attempts';
import { voidVerifications } from '../verifications/verifications';
import { confirmCurrentPassword } from './current-password';
import { checkNewPassword } from './password-policy';

export const SAME_PASSWORD = 'The new password must differ from the current one';
export const ORGANIZATION_REQUIRES_2FA = 'Your organization requires two-factor authentication';

async function statusOf(tx: Tx, user: SessionUser): Promise<AccountSecurity> {
  const { organizationId, id } = user;
  const [row] = await tx
    .select({ enabled: users.twoFactorEnabled, required: organizations.require2fa })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
  const [keys] = await tx
    .select({ total: count() })
    .from(passkeys)
    .where(and(eq(passkeys.organizationId, organizationId), eq(passkeys.userId, id)));
  return {
    two_factor_enabled: row?.enabled ?? false,
    organization_requires_2fa: row?.required ?? false,
    has_passkey: (keys?.total ?? 0) > 0,
  };
}

export async function securityStatus(context: AppContext, user: SessionUser): Promise<AccountSecurity> {
  return withTenant(context.database.db, user.organizationId, (tx) => statusOf(tx, user));
}

/**
 * Settings -> Security: needs the current password; ends the user's other sessions, his
 * half-finished sign-ins and his reset links. The session in use stays signed in.
 */
export async function changePassword(
  context: AppContext,
  user: SessionUser,
  input: ChangePasswordInput,
  session: { address: string; familyId: string | null },
): Promise<void> {
  await confirmCurrentPassword(context, user, input.current_password, session.address);
  if (input.new_password === input.current_password) throw badRequest(SAME_PASSWORD, { new_password: SAME_PASSWORD });
  checkNewPassword(input.new_password, user.username, 'new_password');
  const passwordHash = await hashPassword(input.new_password);
  const owner = { organizationId: user.organizationId, userId: user.id };
  await withTenant(context.database.db, user.organizationId, async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.organizationId, user.organizationId), eq(users.id, user.id)));
    await voidVerifications(tx, owner, 'password-reset');
    await voidOpenAttempts(tx, owner);
    await revokeOtherSessions(tx, user.organizationId, user.id, session.familyId);
    await writeAudit(tx, { ...owner, action: 'password_change', entity: 'user', entityId: user.id });
  });
}

/** Turns e-mail 2FA on or off (current password needed); off is refused while the organization requires it. */
export async function setTwoFactor(
  context: AppContext,
  user: SessionUser,
  input: TwoFactorSettingInput,
  address: string,
): Promise<AccountSecurity> {
  await confirmCurrentPassword(context, user, input.current_password, address);
  return withTenant(context.database.db, user.organizationId, async (tx) => {
    const before = await statusOf(tx, user);
    if (!input.enabled && before.organization_requires_2fa) throw conflict(ORGANIZATION_REQUIRES_2FA);
    await tx
      .update(users)
      .set({ twoFactorEnabled: input.enabled })
      .where(and(eq(users.organizationId, user.organizationId), eq(users.id, user.id)));
    await writeAudit(tx, {
      organizationId: user.organizationId,
      userId: user.id,
      action: input.enabled ? 'two_factor_on' : 'two_factor_off',
      entity: 'user',
      entityId: user.id,
      before: { two_factor_enabled: before.two_factor_enabled },
      after: { two_factor_enabled: input.enabled },
    });
    return { ...before, two_factor_enabled: input.enabled };
  });
}
