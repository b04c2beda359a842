import type { FastifyReply } from 'fastify';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from './tokens';

export const ACCESS_COOKIE = 'access_token_cookie';
export const REFRESH_COOKIE = 'refresh_token_cookie';
export const CSRF_ACCESS_COOKIE = 'csrf_access_token';
export const CSRF_REFRESH_COOKIE = 'csrf_refresh_token';
export const CSRF_HEADER = 'x-csrf-token';
/** Where the unload beacon, which cannot set headers, sends the CSRF value instead (ADR 0159). */
export const CSRF_QUERY_PARAMETER = 'csrf';

export type SessionTokens = { access: string; refresh: string; accessCsrf: string; refreshCsrf: string };

function baseOptions(secure: boolean) {
  return { path: '/', sameSite: 'lax' as const, secure };
}

export function setSessionCookies(reply: FastifyReply, tokens: SessionTokens, secure: boolean): void {
  const base = baseOptions(secure);
  reply
    .setCookie(ACCESS_COOKIE, tokens.access, { ...base, httpOnly: true, maxAge: ACCESS_TOKEN_SECONDS })
    .setCookie(REFRESH_COOKIE, tokens.refresh, { ...base, httpOnly: true, maxAge: REFRESH_TOKEN_SECONDS })
    .setCookie(CSRF_ACCESS_COOKIE, tokens.accessCsrf, { ...base, httpOnly: false, maxAge: ACCESS_TOKEN_SECONDS })
    .setCookie(CSRF_REFRESH_COOKIE, tokens.refreshCsrf, { ...base, httpOnly: false, maxAge: REFRESH_TOKEN_SECONDS });
}

export function clearAccessCookies(reply: FastifyReply, secure: boolean): void {
  const base = baseOptions(secure);
  reply.clearCookie(ACCESS_COOKIE, base).clearCookie(CSRF_ACCESS_COOKIE, base);
}

export function clearRefreshCookies(reply: FastifyReply, secure: boolean): void {
  const base = baseOptions(secure);
  reply.clearCookie(REFRESH_COOKIE, base).clearCookie(CSRF_REFRESH_COOKIE, base);
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  clearAccessCookies(reply, secure);
  clearRefreshCookies(reply, secure);
}
