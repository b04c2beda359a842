import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequestSchema, unlockRequestSchema } from '@practice/shared';
import { z } from 'zod';
import { errorAnswer, rateLimitedAnswer } from '../../plugins/error-answers';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { forbidden, unauthorized } from '../../lib/errors';
import { noContent } from '../../lib/file-answers';
import { ORGANIZATION_MISMATCH, sessionUserOf } from '../../plugins/auth-guard';
import { resolveRequestOrganization } from '../../plugins/tenancy';
import { PENDING_2FA_COOKIE, clearPendingCookie, setPendingCookie } from '../two-factor/pending-cookie';
import { ATTEMPT_SECONDS } from '../two-factor/sign-in-attempts';
import { beginSecondFactorIfDue, verifyTwoFactorCode } from '../two-factor/two-factor.service';
import { completeSignIn, currentUser, forgiveAccountFailures, refreshSession, verifyCredentials } from './auth.service';
import { ACCESS_COOKIE, CSRF_HEADER, REFRESH_COOKIE, clearSessionCookies, setSessionCookies } from './cookies';
import { secondFactorDueAnswer, sessionUserAnswer } from '../users/user-answers';
import { revokeFamily } from './sessions';
import { KNOWN_DEVICE_COOKIE, rememberDevice } from './known-device';
import { spendUnlockLink } from './unlock-link';

export const TWO_FACTOR_REQUIRED = 'Two-factor authentication required';
export const UNLOCKED = 'This browser can sign in now';
const CSRF_REFUSED = 'CSRF token missing or incorrect';
const BYPASS_2FA_HEADER = 'x-bypass-2fa';

export function registerAuthRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const secure = context.secureCookies;

  /**
   * The session logout ends and whether the call may end it: the refresh cookie's session when
   * X-CSRF-TOKEN is that token's CSRF claim (which works after the access token has expired),
   * else the access cookie's when it is the access token's claim. `forged` when a live token
   * is present but the header matches neither: the call is refused and nothing changes.
   */
  async function logoutTarget(cookies: Record<string, string | undefined>, header: unknown) {
    const refreshToken = cookies[REFRESH_COOKIE];
    const accessToken = cookies[ACCESS_COOKIE];
    const byRefresh = refreshToken ? await context.tokens.verifyRefresh(refreshToken) : null;
    const byAccess = accessToken ? await context.tokens.verifyAccess(accessToken) : null;
    const live = [byRefresh, byAccess].flatMap((verdict) => (verdict?.ok ? [verdict.claims] : []));
    if (live.length === 0) return { kind: 'none' } as const;
    const matched = live.find((claims) => typeof header === 'string' && header === claims.csrf);
    return matched ? ({ kind: 'session', claims: matched } as const) : ({ kind: 'forged' } as const);
  }

  /** After a completed sign-in or a spent unlock link: this browser is the user's own (ADR 0206). */
  function rememberThisDevice(
    request: FastifyRequest,
    reply: FastifyReply,
    user: { organizationId: number; userId: number },
  ): void {
    const current = request.cookies[KNOWN_DEVICE_COOKIE];
    rememberDevice(reply, { secretKey: context.config.secretKey, secure, current }, user);
  }

  /** Whether the dev panel's bypass applies: only ever when the server runs in development. */
  const bypassesSecondFactor = (header: unknown) => context.config.appEnv === 'development' && header === 'true';

  /**
   * SPEC 7: the password step answers the user, or {requires_2fa...} without session cookies
   * when a second factor is due; the code step ({2fa_code}) then finishes the sign-in.
   */
  routes.post(
    '/login',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Sign in with username and password',
        body: loginRequestSchema,
        tags: ['auth'],
        response: {
          200: z.union([sessionUserAnswer, secondFactorDueAnswer]),
          401: errorAnswer(401, 'Wrong username or password, or a wrong or expired second-factor code'),
          429: rateLimitedAnswer('Too many failed sign-ins from this address or for this account'),
        },
      },
    },
    async (request, reply) => {
      const lookup = await resolveRequestOrganization(context, request);
      const body = request.body;
      if ('2fa_code' in body) {
        const verified = await verifyTwoFactorCode(context, {
          token: request.cookies[PENDING_2FA_COOKIE],
          code: body['2fa_code'],
          lookup,
          address: request.ip,
          deviceCookie: request.cookies[KNOWN_DEVICE_COOKIE],
        });
        const { user, tokens } = await completeSignIn(context, verified.organizationId, verified.userId);
        request.log.info({ userId: user.id, organizationId: user.organization_id, factor: 'email' }, 'signed in');
        clearPendingCookie(reply, secure);
        setSessionCookies(reply, tokens, secure);
        rememberThisDevice(request, reply, verified);
        return user;
      }
      const candidate = await verifyCredentials(context, body, lookup, {
        address: request.ip,
        deviceCookie: request.cookies[KNOWN_DEVICE_COOKIE],
      });
      const logged = { userId: candidate.id, organizationId: candidate.organizationId };
      if (bypassesSecondFactor(request.headers[BYPASS_2FA_HEADER])) {
        request.log.warn(logged, 'second factor bypassed (development)');
      } else {
        const challenge = await beginSecondFactorIfDue(context, candidate);
        if (challenge) {
          request.log.info(logged, 'password accepted, second factor due');
          setPendingCookie(reply, challenge.token, secure, ATTEMPT_SECONDS);
          return {
            requires_2fa: true,
            success: '2FA',
            has_biometric: challenge.hasBiometric,
            has_email: challenge.hasEmail,
            message: TWO_FACTOR_REQUIRED,
          };
        }
      }
      await forgiveAccountFailures(context, body.username, candidate.deviceId);
      const { user, tokens } = await completeSignIn(context, candidate.organizationId, candidate.id);
      request.log.info({ ...logged, factor: 'password' }, 'signed in');
      setSessionCookies(reply, tokens, secure);
      rememberThisDevice(request, reply, { organizationId: candidate.organizationId, userId: candidate.id });
      return user;
    },
  );

  routes.post(
    '/login/unlock',
    {
      config: { permission: 'public' },
      schema: {
        summary: "Spend an e-mailed unlock link: this browser counts as the user's own at sign-in",
        body: unlockRequestSchema,
        tags: ['auth'],
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const owner = await spendUnlockLink(context, request.body.token);
      rememberThisDevice(request, reply, owner);
      request.log.info(owner, 'sign-in unlocked for a browser');
      return { message: UNLOCKED };
    },
  );

  routes.post(
    '/refresh',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Renew the access token from the refresh token',
        tags: ['auth'],
        response: {
          403: errorAnswer(403, 'The CSRF value does not match the one of the refresh token'),
          401: errorAnswer(401, 'No refresh token, or an expired or revoked one'),
          200: sessionUserAnswer,
        },
      },
    },
    async (request, reply) => {
      const lookup = await resolveRequestOrganization(context, request);
      const outcome = await refreshSession(
        context,
        request.cookies[REFRESH_COOKIE],
        request.headers[CSRF_HEADER],
        lookup,
      );
      if (outcome.kind === 'csrf') throw forbidden(CSRF_REFUSED);
      if (outcome.kind === 'organization') throw forbidden(ORGANIZATION_MISMATCH);
      if (outcome.kind === 'refused') {
        clearSessionCookies(reply, secure);
        throw unauthorized(outcome.message);
      }
      setSessionCookies(reply, outcome.signedIn.tokens, secure);
      return outcome.signedIn.user;
    },
  );

  routes.get(
    '/user',
    {
      config: { permission: 'signed-in' },
      schema: { summary: 'Read the signed-in user', tags: ['auth'], response: { 200: sessionUserAnswer } },
    },
    async (request) => {
      const user = sessionUserOf(request);
      return currentUser(context, user.organizationId, user.id);
    },
  );

  routes.delete(
    '/logout',
    { config: { permission: 'public' }, schema: { summary: 'Sign out', tags: ['auth'], response: { 204: noContent } } },
    async (request, reply) => {
      const target = await logoutTarget(request.cookies, request.headers[CSRF_HEADER]);
      if (target.kind === 'forged') {
        request.log.warn('logout refused: csrf check failed');
        throw forbidden(CSRF_REFUSED);
      }
      if (target.kind === 'session') {
        const { organizationId, familyId } = target.claims;
        await withTenant(context.database.db, organizationId, (tx) => revokeFamily(tx, organizationId, familyId));
      }
      clearSessionCookies(reply, secure);
      return reply.status(204).send();
    },
  );
}
