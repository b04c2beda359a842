import type { FastifyReply } from 'fastify';

/** Names the sign-in attempt waiting for its second factor; HttpOnly, so page scripts never see it. */
export const PENDING_2FA_COOKIE = 'pending_2fa';

export function setPendingCookie(reply: FastifyReply, token: string, secure: boolean, maxAgeSeconds: number): void {
  reply.setCookie(PENDING_2FA_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: true,
    maxAge: maxAgeSeconds,
  });
}

export function clearPendingCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(PENDING_2FA_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: true });
}
