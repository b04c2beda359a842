/** Reads the claims of a JWT without checking it, as an attacker or a curious test would. */
export function decodePayload(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');

/** The same claims under `alg: none` with an empty signature: a classic forgery. */
export function unsignedCopy(token: string): string {
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(decodePayload(token))}.`;
}

/** The same header and signature around edited claims. */
export function withEditedClaims(token: string, edits: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${encode({ ...decodePayload(token), ...edits })}.${signature}`;
}
