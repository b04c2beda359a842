import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { users } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { verifyPassword } from '../auth/passwords';
import { claimSignInAttempt, releaseAttempt } from '../auth/sign-in-limits';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

/**
 * Confirms the signed-in user's password before a security change. Wrong guesses count like
 * failed sign-ins, so a stolen session cannot be used to brute-force the password.
 */
export async function confirmCurrentPassword(
  context: AppContext,
  user: SessionUser,
  password: string,
  address: string,
): Promise<void> {
  const { db } = context.database;
  const claim = await claimSignInAttempt(db, user.username, address);
  const [row] = await withTenant(db, user.organizationId, (tx) =>
    tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.organizationId, user.organizationId), eq(users.id, user.id))),
  );
  if (row && (await verifyPassword(row.passwordHash, password))) {
    await releaseAttempt(db, claim);
    return;
  }
  throw badRequest(CURRENT_PASSWORD_INCORRECT, { current_password: CURRENT_PASSWORD_INCORRECT });
}
