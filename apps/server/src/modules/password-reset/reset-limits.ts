import type { Db } from '../../db/client';
import { claimAttempt } from '../auth/sign-in-limits';

/** Per e-mail address: enough for a person who asks again; not a way to flood someone's inbox. */
export const RESET_EMAIL_LIMIT = 3;
/** Per client address, across e-mail addresses. */
export const RESET_ADDRESS_LIMIT = 20;
export const TOO_MANY_RESETS = 'Too many password reset requests. Please try again later.';

const emailKey = (email: string) => `reset-email:${email.toLowerCase()}`;
const addressKey = (address: string) => `reset-ip:${address}`;

/**
 * Counts every request, known address or not, so the limit itself reveals nothing. A request
 * is never given back: the limit is on mails asked for, not on failures.
 */
export async function checkAndCountResetRequest(db: Db, email: string, address: string): Promise<void> {
  await claimAttempt(
    db,
    [
      { key: emailKey(email), limit: RESET_EMAIL_LIMIT },
      { key: addressKey(address), limit: RESET_ADDRESS_LIMIT },
    ],
    TOO_MANY_RESETS,
  );
}
