import { createHmac, randomBytes, randomInt } from 'node:crypto';

export type SecretHasher = (value: string) => string;

/**
 * HMAC-SHA-256 under a sub-key of SECRET_KEY: an 8-digit code has too few values for a
 * plain hash, so a copy of the database alone must not be enough to test guesses.
 */
export function createSecretHasher(secretKey: string): SecretHasher {
  const key = createHmac('sha256', secretKey).update('verification-secrets').digest();
  return (value) => createHmac('sha256', key).update(value).digest('base64url');
}

/** 256 random bits, URL-safe. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A code of decimal digits from the CSPRNG, each digit uniform. */
export function randomDigits(length: number): string {
  let code = '';
  for (let index = 0; index < length; index += 1) code += String(randomInt(0, 10));
  return code;
}

const TENANT_TOKEN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

/**
 * An opaque token that names its organization (`<organization id>.<secret>`), so the row it
 * points to is looked up under that organization's row-level security, never across tenants.
 */
export function newTenantToken(organizationId: number): string {
  return `${organizationId}.${randomSecret()}`;
}

export function organizationOfToken(token: string | undefined): number | null {
  const match = token ? TENANT_TOKEN.exec(token) : null;
  if (!match) return null;
  const organizationId = Number(match[1]);
  return Number.isSafeInteger(organizationId) && organizationId <= 2_147_483_647 ? organizationId : null;
}
