import type { FastifyRequest } from 'fastify';
import { and, eq, min } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { refreshTokens } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { confirmCurrentPassword } from './current-password';
import { sessionFamilyOf } from './session-family';

/** A session younger than this counts as a fresh sign-in (ADR 0033). */
export const FRESH_SIGN_IN_SECONDS = 10 * 60;
export const CONFIRM_PASSWORD = 'Please confirm your current password';

/** When the session's token family began, which is when its user signed in. */
async function signedInAt(context: AppContext, request: FastifyRequest, user: SessionUser): Promise<Date | null> {
  const familyId = await sessionFamilyOf(context, request);
  if (!familyId) return null;
  const [row] = await withTenant(context.database.db, user.organizationId, (tx) =>
    tx
      .select({ startedAt: min(refreshTokens.createdAt) })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.organizationId, user.organizationId), eq(refreshTokens.familyId, familyId))),
  );
  return row?.startedAt ? new Date(row.startedAt) : null;
}

/**
 * SECURITY.md: adding or removing a passkey needs the current password or a fresh sign-in.
 * A stale session without the password gets 403 naming the field to fill in.
 */
export async function requireRecentSignIn(
  context: AppContext,
  request: FastifyRequest,
  user: SessionUser,
  currentPassword: string | undefined,
): Promise<void> {
  if (currentPassword !== undefined) {
    await confirmCurrentPassword(context, user, currentPassword, request.ip);
    return;
  }
  const startedAt = await signedInAt(context, request, user);
  if (startedAt && Date.now() - startedAt.getTime() <= FRESH_SIGN_IN_SECONDS * 1000) return;
  throw new AppError(403, CONFIRM_PASSWORD, { current_password: CONFIRM_PASSWORD });
}
