import { readFileSync } from 'node:fs';
import { badRequest } from '../../lib/errors';

export const COMMON_PASSWORD = 'This password is too common. Please choose a less guessable one.';
export const PASSWORD_IS_USERNAME = 'Your password must not be your username.';

let common: Set<string> | null = null;

/**
 * The 10,000 most common passwords of 5 to 15 characters, lower-cased (ADR 0031): taken from
 * the zxcvbn-ts common-password dictionary (MIT), ranked by frequency in public breaches.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.length > 0),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * Rules for a password a user chooses, beyond the sign-in form's 5-15 characters (which the
 * shared schema checks): not a well-known password, not the username. `field` is the body's
 * name for it (the reset's `password`, the change's `new_password`).
 */
export function checkNewPassword(password: string, username: string, field: string): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD, { [field]: COMMON_PASSWORD });
  if (password.toLowerCase() === username.toLowerCase()) {
    throw badRequest(PASSWORD_IS_USERNAME, { [field]: PASSWORD_IS_USERNAME });
  }
}
