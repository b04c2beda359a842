import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resetPasswordSchema, resetRequestSchema } from '@practice/shared';
import { rateLimitedAnswer } from '../../plugins/error-answers';
import type { AppContext } from '../../app-context';
import type { MailDelivery } from '../../mail/delivery';
import { resolveRequestOrganization } from '../../plugins/tenancy';
import { isResetCodeValid, requestPasswordReset, resetPassword } from './password-reset.service';

/** The same words whether or not the address belongs to an account. */
export const RESET_SENT = 'Password reset email sent!';

const resetCodeParams = z.object({ resetCode: z.string().max(80) });
const doneAnswer = z.object({ success: z.boolean(), message: z.string() });
const validityAnswer = z.object({ valid: z.boolean() });

export function registerPasswordResetRoutes(app: FastifyInstance, context: AppContext, mail: MailDelivery): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/reset_password/send',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Send a password reset link',
        body: resetRequestSchema,
        tags: ['password-reset'],
        response: {
          429: rateLimitedAnswer('Too many reset requests from this address or for this account'),
          200: doneAnswer,
        },
      },
    },
    async (request) => {
      const lookup = await resolveRequestOrganization(context, request);
      const queued = await requestPasswordReset(context, { email: request.body.email, lookup, address: request.ip });
      if (queued > 0) mail.kick();
      request.log.info({ queued }, 'password reset requested');
      return { success: true, message: RESET_SENT };
    },
  );

  routes.get(
    '/reset_password/:resetCode',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Check a password reset link',
        params: resetCodeParams,
        tags: ['password-reset'],
        response: { 200: validityAnswer },
      },
    },
    async (request) => ({ valid: await isResetCodeValid(context, request.params.resetCode) }),
  );

  routes.post(
    '/reset_password/:resetCode',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Set a new password from a reset link',
        params: resetCodeParams,
        body: resetPasswordSchema,
        tags: ['password-reset'],
        response: { 200: doneAnswer },
      },
    },
    async (request) => {
      await resetPassword(context, request.params.resetCode, request.body.password);
      request.log.info('password reset completed');
      return { success: true, message: 'Your password has been reset. Please sign in with your new password.' };
    },
  );
}
