import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { twoFactorCodeRequestSchema } from '@practice/shared';
import { z } from 'zod';
import { errorAnswer, rateLimitedAnswer } from '../../plugins/error-answers';
import type { AppContext } from '../../app-context';
import type { MailDelivery } from '../../mail/delivery';
import { PENDING_2FA_COOKIE } from './pending-cookie';
import { sendTwoFactorCode } from './two-factor.service';

const codeSentAnswer = z.object({ success: z.boolean(), message: z.string() });

export function registerTwoFactorRoutes(app: FastifyInstance, context: AppContext, mail: MailDelivery): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /**
   * SPEC 7 names this call a GET although it sends mail. It only acts for the browser that
   * holds the attempt's pending-2FA cookie, and at most 5 codes per attempt.
   */
  routes.get(
    '/login',
    {
      config: { permission: 'public' },
      schema: {
        summary: "Send the pending sign-in's two-factor code by e-mail",
        querystring: twoFactorCodeRequestSchema,
        tags: ['auth'],
        response: {
          429: rateLimitedAnswer('Too many codes sent for this sign-in'),
          401: errorAnswer(401, 'No pending sign-in in this browser, or an expired one'),
          200: codeSentAnswer,
        },
      },
    },
    async (request) => {
      await sendTwoFactorCode(context, {
        token: request.cookies[PENDING_2FA_COOKIE],
        username: request.query.username,
      });
      mail.kick();
      request.log.info({ username: request.query.username }, 'two-factor code sent');
      return { success: true, message: 'Verification code sent to your email' };
    },
  );
}
