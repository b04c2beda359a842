import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { ACCESS_COOKIE } from '../auth/cookies';

/** The refresh-token family of the request's session (the guard has already verified the token). */
export async function sessionFamilyOf(context: AppContext, request: FastifyRequest): Promise<string | null> {
  const token = request.cookies[ACCESS_COOKIE];
  const verdict = token ? await context.tokens.verifyAccess(token) : null;
  return verdict?.ok ? verdict.claims.familyId : null;
}
