import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordSchema, twoFactorSettingSchema } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { changePassword, securityStatus, setTwoFactor } from './account-security.service';
import { sessionFamilyOf } from './session-family';

/** Settings -> Security (PRODUCT.md): the signed-in user's own password, 2FA and passkey state. */
export function registerAccountSecurityRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/account/security',
    { config: { permission: 'signed-in' }, schema: { tags: ['account'] } },
    async (request) => securityStatus(context, sessionUserOf(request)),
  );

  routes.post(
    '/api/account/password',
    { config: { permission: 'signed-in' }, schema: { body: changePasswordSchema, tags: ['account'] } },
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
    { config: { permission: 'signed-in' }, schema: { body: twoFactorSettingSchema, tags: ['account'] } },
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
