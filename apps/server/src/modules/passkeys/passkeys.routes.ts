import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passkeyAuthenticationOptionsSchema,
  passkeyAuthenticationSchema,
  passkeyCredentialSchema,
  passkeyRegistrationSchema,
  passkeyRenameSchema,
  reauthenticationSchema,
} from '@practice/shared';
import { errorAnswer, rateLimitedAnswer } from '../../plugins/error-answers';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { resolveRequestOrganization } from '../../plugins/tenancy';
import { requireRecentSignIn } from '../account-security/recent-sign-in';
import { completeSignIn } from '../auth/auth.service';
import { sessionUserAnswer } from '../users/user-answers';
import { setSessionCookies } from '../auth/cookies';
import { clearPendingCookie } from '../two-factor/pending-cookie';
import {
  authenticationOptions,
  deletePasskey,
  listPasskeys,
  registrationOptions,
  renamePasskey,
  verifyAuthentication,
  verifyRegistration,
} from './passkeys.service';
import { PASSKEY_CEREMONY_COOKIE, clearCeremonyCookie, setCeremonyCookie } from './sign-in-ceremonies';

const credentialParams = z.object({ id: z.string().regex(/^[1-9]\d{0,8}$/, 'Credential ID is required') });

/** The browser's WebAuthn options, as @simplewebauthn/server writes them (passed through whole). */
const ceremonyOptionsAnswer: z.ZodType<object> = z.looseObject({ challenge: z.string() });
const credentialAnswer = z.object({ credential: passkeyCredentialSchema });

/** SPEC 7's /api/webauthn calls. */
export function registerPasskeyRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['passkeys'];

  routes.post(
    '/api/webauthn/register/options',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: 'Start registering a passkey',
        body: reauthenticationSchema,
        tags,
        response: { 409: errorAnswer(409, 'The user already has a passkey'), 200: ceremonyOptionsAnswer },
      },
    },
    async (request) => {
      const user = sessionUserOf(request);
      await requireRecentSignIn(context, request, user, request.body?.current_password);
      return registrationOptions(context, user);
    },
  );

  routes.post(
    '/api/webauthn/register/verify',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: 'Finish registering a passkey',
        body: passkeyRegistrationSchema,
        tags,
        response: { 200: credentialAnswer },
      },
    },
    async (request) => {
      const user = sessionUserOf(request);
      const credential = await verifyRegistration(
        context,
        user,
        { credential: request.body.credential, deviceName: request.body.device_name },
        request.log,
      );
      request.log.info({ userId: user.id, organizationId: user.organizationId }, 'passkey registered');
      return { credential };
    },
  );

  routes.get(
    '/api/webauthn/credentials',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: "List the signed-in user's passkeys",
        tags,
        response: { 200: z.object({ credentials: z.array(passkeyCredentialSchema) }) },
      },
    },
    async (request) => ({ credentials: await listPasskeys(context, sessionUserOf(request)) }),
  );

  routes.patch(
    '/api/webauthn/credentials/:id',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: 'Rename a passkey',
        params: credentialParams,
        body: passkeyRenameSchema,
        tags,
        response: { 200: credentialAnswer },
      },
    },
    async (request) => {
      const user = sessionUserOf(request);
      const credential = await renamePasskey(context, user, Number(request.params.id), request.body.device_name);
      return { credential };
    },
  );

  routes.delete(
    '/api/webauthn/credentials/:id',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: 'Remove a passkey',
        params: credentialParams,
        body: reauthenticationSchema,
        tags,
        response: { 200: z.object({ success: z.boolean(), message: z.string() }) },
      },
    },
    async (request) => {
      const user = sessionUserOf(request);
      await requireRecentSignIn(context, request, user, request.body?.current_password);
      await deletePasskey(context, user, Number(request.params.id));
      request.log.info({ userId: user.id, organizationId: user.organizationId }, 'passkey revoked');
      return { success: true, message: 'Passkey removed' };
    },
  );

  routes.post(
    '/api/webauthn/authenticate/options',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Start signing in with a passkey',
        body: passkeyAuthenticationOptionsSchema,
        tags,
        response: { 200: ceremonyOptionsAnswer },
      },
    },
    async (request, reply) => {
      const lookup = await resolveRequestOrganization(context, request);
      const { options, ceremonyToken } = await authenticationOptions(context, lookup);
      setCeremonyCookie(reply, ceremonyToken, context.secureCookies);
      return options;
    },
  );

  routes.post(
    '/api/webauthn/authenticate/verify',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Finish signing in with a passkey',
        body: passkeyAuthenticationSchema,
        tags,
        response: {
          429: rateLimitedAnswer('Too many failed sign-ins from this address or for this account'),
          401: errorAnswer(401, 'The passkey is unknown or its signature does not verify'),
          200: sessionUserAnswer,
        },
      },
    },
    async (request, reply) => {
      const lookup = await resolveRequestOrganization(context, request);
      const owner = await verifyAuthentication(
        context,
        {
          username: request.body.username,
          credential: request.body.credential,
          ceremonyToken: request.cookies[PASSKEY_CEREMONY_COOKIE],
          lookup,
          address: request.ip,
        },
        request.log,
      );
      const { user, tokens } = await completeSignIn(context, owner.organizationId, owner.userId);
      request.log.info({ userId: user.id, organizationId: user.organization_id, factor: 'passkey' }, 'signed in');
      clearPendingCookie(reply, context.secureCookies);
      clearCeremonyCookie(reply, context.secureCookies);
      setSessionCookies(reply, tokens, context.secureCookies);
      return user;
    },
  );
}
