import { createHash, randomBytes } from 'node:crypto';

/** 32 symbols without the look-alikes 0/O and 1/I: 5 bits each, so no modulo bias. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ACCESS_CODE_LENGTH = 12;

/** A portal access code: 12 symbols from a CSPRNG, 60 bits, never sequential (ADR 0110). */
export function newAccessCode(): string {
  const bytes = randomBytes(ACCESS_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return code;
}

/** The digest the portal finds an invoice by; the code itself is never a lookup key. */
export function accessCodeDigest(code: string): Buffer {
  return createHash('sha256').update(code).digest();
}
