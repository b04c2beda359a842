import { createHmac, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

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

export function createTokenSigner(secret: string) {
  const accessKey = keyFor(secret, 'access');
  const refreshKey = keyFor(secret, 'refresh');

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
      const result = await verify('access', token);
      if (!result.ok) return result;
      const { sub, org, csrf, fam } = result.payload;
      if (typeof org !== 'number' || typeof csrf !== 'string' || typeof fam !== 'string' || !sub) {
        return { ok: false, reason: 'invalid' };
      }
      return { ok: true, claims: { userId: Number(sub), organizationId: org, csrf, familyId: fam } };
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
