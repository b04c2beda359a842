import { and, count, eq } from 'drizzle-orm';
import { TWO_FACTOR_CODE_LENGTH } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { organizations, passkeys, users } from '../../db/schema/index';
import { tooManyRequests, unauthorized } from '../../lib/errors';
import { enqueueMail } from '../../mail/outbox';
import { twoFactorCodeMail } from '../../mail/templates/two-factor-code';
import type { OrganizationLookup } from '../../plugins/tenancy';
import { belongsToRequest, forgiveAccountFailures, type CandidateUser } from '../auth/auth.service';
import { deviceOf } from '../auth/known-device';
import { claimSignInAttempt, releaseAttempt } from '../auth/sign-in-limits';
import { createSecretHasher, organizationOfToken, randomDigits } from '../verifications/secrets';
import { consumeVerification, issueVerification } from '../verifications/verifications';
import {
  closeAttempt,
  findLiveAttempt,
  openAttempt,
  takeCodeMail,
  takeCodeTry,
  type LiveAttempt,
} from './sign-in-attempts';

export const SESSION_EXPIRED = 'Session expired, please login again';
export const INVALID_CODE = 'Invalid verification code';
export const TOO_MANY_CODES = 'Too many verification codes requested. Please sign in again.';
export const CODE_MINUTES = 10;

export type SecondFactorChallenge = { token: string; hasBiometric: boolean; hasEmail: boolean };
export type VerifiedUser = { organizationId: number; userId: number; username: string };

/** The code's hash covers the attempt id, so a code is worthless in any other sign-in attempt. */
function codeHash(context: AppContext, attemptId: string, code: string): string {
  return createSecretHasher(context.config.secretKey)(`${attemptId}:${code}`);
}

/**
 * When the user has e-mail 2FA on or his organization requires it, records the accepted
 * password as a pending attempt instead of opening a session.
 */
export async function beginSecondFactorIfDue(
  context: AppContext,
  candidate: CandidateUser,
): Promise<SecondFactorChallenge | null> {
  const { organizationId, id: userId } = candidate;
  const hash = createSecretHasher(context.config.secretKey);
  return withTenant(context.database.db, organizationId, async (tx) => {
    const [row] = await tx
      .select({ enabled: users.twoFactorEnabled, email: users.email, required: organizations.require2fa })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
    if (!row || !(row.enabled || row.required)) return null;
    const [keys] = await tx
      .select({ total: count() })
      .from(passkeys)
      .where(and(eq(passkeys.organizationId, organizationId), eq(passkeys.userId, userId)));
    const token = await openAttempt(tx, hash, { organizationId, userId });
    return { token, hasBiometric: (keys?.total ?? 0) > 0, hasEmail: row.email.length > 0 };
  });
}

async function liveAttemptOf(context: AppContext, token: string | undefined): Promise<LiveAttempt | null> {
  const organizationId = organizationOfToken(token);
  if (organizationId === null || token === undefined) return null;
  const hash = createSecretHasher(context.config.secretKey);
  return withTenant(context.database.db, organizationId, (tx) => findLiveAttempt(tx, organizationId, hash(token)));
}

/**
 * E-mails a fresh 8-digit code for the pending attempt (replacing the previous one). The
 * username must be the attempt's: the call names it (SPEC 7), the cookie proves it.
 */
export async function sendTwoFactorCode(
  context: AppContext,
  input: { token: string | undefined; username: string },
): Promise<void> {
  const attempt = await liveAttemptOf(context, input.token);
  if (!attempt || attempt.username.toLowerCase() !== input.username.toLowerCase()) throw unauthorized(SESSION_EXPIRED);
  const { organizationId, userId } = attempt;
  const code = randomDigits(TWO_FACTOR_CODE_LENGTH);
  await withTenant(context.database.db, organizationId, async (tx) => {
    if (!(await takeCodeMail(tx, organizationId, attempt.id))) {
      const retryAfter = Math.max(1, Math.ceil((attempt.expiresAt.getTime() - Date.now()) / 1000));
      throw tooManyRequests(TOO_MANY_CODES, retryAfter);
    }
    await issueVerification(tx, {
      organizationId,
      userId,
      type: 'two-factor-code',
      secretHash: codeHash(context, attempt.id, code),
      ttlSeconds: CODE_MINUTES * 60,
      signInAttemptId: attempt.id,
    });
    const [organization] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    await enqueueMail(
      tx,
      organizationId,
      twoFactorCodeMail({
        to: attempt.email,
        firstName: attempt.firstName,
        organizationName: organization?.name ?? '',
        code,
        minutes: CODE_MINUTES,
      }),
    );
  });
}

/**
 * Checks the e-mailed code of the pending attempt. Each try is counted before the code is
 * checked, against the attempt (void after 5 wrong) and, like a password, against the account
 * and the address; the right code gives its try back.
 */
export async function verifyTwoFactorCode(
  context: AppContext,
  input: {
    token: string | undefined;
    code: string;
    lookup: OrganizationLookup;
    address: string;
    deviceCookie: string | undefined;
  },
): Promise<VerifiedUser> {
  const attempt = await liveAttemptOf(context, input.token);
  if (!attempt || !belongsToRequest(input.lookup, attempt.organizationId)) throw unauthorized(SESSION_EXPIRED);
  const { db } = context.database;
  // A known browser's codes count apart, like its passwords (ADR 0206).
  const deviceId = deviceOf(context.config.secretKey, input.deviceCookie, attempt);
  const claim = await claimSignInAttempt(db, attempt.username, input.address, deviceId);
  const { organizationId, userId } = attempt;
  const accepted = await withTenant(db, organizationId, async (tx) => {
    if (!(await takeCodeTry(tx, organizationId, attempt.id))) return null;
    const used = await consumeVerification(tx, {
      organizationId,
      type: 'two-factor-code',
      secretHash: codeHash(context, attempt.id, input.code),
    });
    return used?.signInAttemptId === attempt.id && (await closeAttempt(tx, organizationId, attempt.id));
  });
  if (accepted === null) {
    // The attempt was void or finished before this try: no code was checked, so nothing failed.
    await releaseAttempt(db, claim);
    throw unauthorized(SESSION_EXPIRED);
  }
  if (!accepted) throw unauthorized(INVALID_CODE);
  await releaseAttempt(db, claim);
  await forgiveAccountFailures(context, attempt.username, deviceId);
  return { organizationId, userId, username: attempt.username };
}
