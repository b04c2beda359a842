import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passkeyAuthenticationOptionsSchema,
  passkeyAuthenticationSchema,
  passkeyRegistrationSchema,
  passkeyRenameSchema,
  reauthenticationSchema,
} from '@practice/shared';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { resolveRequestOrganization } from '../../plugins/tenancy';
import { requireRecentSignIn } from '../account-security/recent-sign-in';
import { completeSignIn } from '../auth/auth.service';
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

/** SPEC 7's /api/webauthn calls. */
export function registerPasskeyRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['passkeys'];

  routes.post(
    '/api/webauthn/register/options',
    { config: { permission: 'signed-in' }, schema: { body: reauthenticationSchema, tags } },
    async (request) => {
      const user = sessionUserOf(request);
      await requireRecentSignIn(context, request, user, request.body?.current_password);
      return registrationOptions(context, user);
    },
  );

  routes.post(
    '/api/webauthn/register/verify',
    { config: { permission: 'signed-in' }, schema: { body: passkeyRegistrationSchema, tags } },
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
    { config: { permission: 'signed-in' }, schema: { tags } },
    async (request) => ({ credentials: await listPasskeys(context, sessionUserOf(request)) }),
  );

  routes.patch(
    '/api/webauthn/credentials/:id',
    { config: { permission: 'signed-in' }, schema: { params: credentialParams, body: passkeyRenameSchema, tags } },
    async (request) => {
      const user = sessionUserOf(request);
      const credential = await renamePasskey(context, user, Number(request.params.id), request.body.device_name);
      return { credential };
    },
  );

  routes.delete(
    '/api/webauthn/credentials/:id',
    { config: { permission: 'signed-in' }, schema: { params: credentialParams, body: reauthenticationSchema, tags } },
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
    { config: { permission: 'public' }, schema: { body: passkeyAuthenticationOptionsSchema, tags } },
    async (request, reply) => {
      const lookup = await resolveRequestOrganization(context, request);
      const { options, ceremonyToken } = await authenticationOptions(context, lookup);
      setCeremonyCookie(reply, ceremonyToken, context.secureCookies);
      return options;
    },
  );

  routes.post(
    '/api/webauthn/authenticate/verify',
    { config: { permission: 'public' }, schema: { body: passkeyAuthenticationSchema, tags } },
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
