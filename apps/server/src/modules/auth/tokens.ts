import { createHmac, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { LRUCache } from 'lru-cache';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 14 * 24 * 60 * 60;

type TokenType = 'access' | 'refresh';

export type AccessClaims = { userId: number; organizationId: number; csrf: string; familyId: string };
export type RefreshClaims = AccessClaims & { tokenId: string };

export type TokenVerdict<T> = { ok: true; claims: T } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Each token type has its own key, so one can never be presented as the other. The key is
 * imported once: given raw bytes, jose imports them again on every sign and verify.
 */
function keyFor(secret: string, type: TokenType): Promise<webcrypto.CryptoKey> {
  const raw = createHmac('sha256', secret).update(`jwt:${type}`).digest();
  return webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export function newCsrfValue(): string {
  return randomBytes(24).toString('base64url');
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** Access tokens whose signature this process has checked: a browser sends one token for its whole life. */
const VERIFIED_ACCESS_TOKENS = 10_000;

export function createTokenSigner(secret: string) {
  const accessKey = keyFor(secret, 'access');
  const refreshKey = keyFor(secret, 'refresh');
  // Keyed by the whole signed token, so a hit is a token whose exact bytes were verified; a hit
  // past the token's expiry is verified again (and refused), and revocation is checked on every call.
  const verifiedAccess = new LRUCache<string, { claims: AccessClaims; expiresAt: number }>({
    max: VERIFIED_ACCESS_TOKENS,
  });

  async function sign(type: TokenType, claims: Record<string, unknown>, subject: string, seconds: number) {
    return new SignJWT({ ...claims, typ: type })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
      .sign(await (type === 'access' ? accessKey : refreshKey));
  }

  async function verify(type: TokenType, token: string) {
    try {
      const { payload } = await jwtVerify(token, await (type === 'access' ? accessKey : refreshKey), {
        algorithms: ['HS256'],
      });
      if (payload.typ !== type) return { ok: false as const, reason: 'invalid' as const };
      return { ok: true as const, payload };
    } catch (error) {
      const reason = error instanceof errors.JWTExpired ? ('expired' as const) : ('invalid' as const);
      return { ok: false as const, reason };
    }
  }

  return {
    signAccess(claims: AccessClaims, seconds = ACCESS_TOKEN_SECONDS) {
      return sign(
        'access',
        { org: claims.organizationId, csrf: claims.csrf, fam: claims.familyId },
        String(claims.userId),
        seconds,
      );
    },
    signRefresh(claims: RefreshClaims, seconds = REFRESH_TOKEN_SECONDS) {
      return sign(
        'refresh',
        { org: claims.organizationId, csrf: claims.csrf, tid: claims.tokenId, fam: claims.familyId },
        String(claims.userId),
        seconds,
      );
    },
    async verifyAccess(token: string): Promise<TokenVerdict<AccessClaims>> {
      const known = verifiedAccess.get(token);
      if (known && Date.now() < known.expiresAt) return { ok: true, claims: known.claims };
      const result = await verify('access', token);
      if (!result.ok) return result;
      const { sub, org, csrf, fam, exp } = result.payload;
      if (typeof org !== 'number' || typeof csrf !== 'string' || typeof fam !== 'string' || !sub || !exp) {
        return { ok: false, reason: 'invalid' };
      }
      const claims = { userId: Number(sub), organizationId: org, csrf, familyId: fam };
      verifiedAccess.set(token, { claims, expiresAt: exp * 1000 });
      return { ok: true, claims };
    },
    async verifyRefresh(token: string): Promise<TokenVerdict<RefreshClaims>> {
      const result = await verify('refresh', token);
      if (!result.ok) return result;
      const { sub, org, csrf, tid, fam } = result.payload;
      if (typeof org !== 'number' || typeof csrf !== 'string' || typeof tid !== 'string' || typeof fam !== 'string') {
        return { ok: false, reason: 'invalid' };
      }
      return {
        ok: true,
        claims: { userId: Number(sub), organizationId: org, csrf, tokenId: tid, familyId: fam },
      };
    },
  };
}
