import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountSecuritySchema, changePasswordSchema, twoFactorSettingSchema } from '@practice/shared';
import { z } from 'zod';
import { errorAnswer, rateLimitedAnswer } from '../../plugins/error-answers';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { changePassword, securityStatus, setTwoFactor } from './account-security.service';
import { sessionFamilyOf } from './session-family';

/** Settings -> Security (PRODUCT.md): the signed-in user's own password, 2FA and passkey state. */
export function registerAccountSecurityRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/account/security',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: "Read the account's security overview",
        tags: ['account'],
        response: { 200: accountSecuritySchema },
      },
    },
    async (request) => securityStatus(context, sessionUserOf(request)),
  );

  routes.post(
    '/api/account/password',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: "Change the signed-in user's password",
        body: changePasswordSchema,
        tags: ['account'],
        response: {
          429: rateLimitedAnswer('Too many wrong current passwords'),
          200: z.object({ message: z.string() }),
        },
      },
    },
    async (request) => {
      const user = sessionUserOf(request);
      const familyId = await sessionFamilyOf(context, request);
      await changePassword(context, user, request.body, { address: request.ip, familyId });
      request.log.info({ userId: user.id, organizationId: user.organizationId }, 'password changed');
      return { message: 'Password changed' };
    },
  );

  routes.put(
    '/api/account/two-factor',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: 'Turn two-factor sign-in on or off',
        body: twoFactorSettingSchema,
        tags: ['account'],
        response: {
          409: errorAnswer(409, 'The firm requires two-factor sign-in for everyone'),
          200: accountSecuritySchema,
        },
      },
    },
    async (request) => {
      const user = sessionUserOf(request);
      const status = await setTwoFactor(context, user, request.body, request.ip);
      request.log.info(
        { userId: user.id, organizationId: user.organizationId, enabled: status.two_factor_enabled },
        'two-factor setting changed',
      );
      return status;
    },
  );
}
