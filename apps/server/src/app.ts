import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import { answerSerializerCompiler } from './plugins/answer-serializer';
import { registerAuthGuard } from './plugins/auth-guard';
import { allowedOriginMatcher } from './plugins/cors-origins';
import { answerFrameworkError, registerErrorHandler } from './plugins/errors';
import { registerDrain } from './plugins/drain';
import { registerOversizedBodyAnswer } from './plugins/oversized-body';
import { registerTextGuard } from './plugins/text-guard';
import { registerSecurityHeaders } from './plugins/security-headers';
import { openApiOptions } from './plugins/openapi-document';
import { healthAnswer, openApiAnswer } from './plugins/system-answers';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerDevRoutes } from './modules/dev/dev.routes';
import { registerDemoOutboxRoutes } from './modules/demo-outbox/demo-outbox.routes';
import { servesDemoOutbox } from './modules/demo-outbox/demo-outbox';
import { registerOrganizationRoutes } from './modules/organizations/organization.routes';
import { registerClientRoutes } from './modules/clients/clients.routes';
import { registerActivityTypeRoutes } from './modules/activity-types/activity-types.routes';
import { registerUserRateRoutes } from './modules/rates/user-rate.routes';
import { registerPeopleRoutes } from './modules/users/people.routes';
import { registerUserAdminRoutes } from './modules/users/users.routes';
import { registerRoleRoutes } from './modules/roles/roles.routes';
import { registerOrganizationSettingsRoutes } from './modules/organization-settings/settings.routes';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { registerExportRoutes } from './modules/export/export.routes';
import { registerPreferenceRoutes } from './modules/preferences/preferences.routes';
import { registerTimeEntryRoutes } from './modules/time-entries/time-entries.routes';
import { registerExpenseRoutes } from './modules/expenses/expenses.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerInvoiceRoutes } from './modules/invoices/invoices.routes';
import { registerClientDraftRoutes } from './modules/invoices/client-drafts.routes';
import { registerLedgerRoutes } from './modules/ledger/ledger.routes';
import { registerStatementRoutes } from './modules/statements/statements.routes';
import { registerBillingRoutes } from './modules/billing/billing.routes';
import { registerPaymentRoutes } from './modules/payments/payments.routes';
import { registerClientPortalRoutes } from './modules/client-portal/portal.routes';
import { activeProvider } from './modules/client-portal/providers/registry';
import { registerSupportTicketRoutes } from './modules/support-tickets/support-tickets.routes';
import { registerReportRoutes } from './modules/reports/reports.routes';
import { registerSearchRoutes } from './modules/search/search.routes';
import { registerActivityLogRoutes } from './modules/activity-logs/activity-logs.routes';
import { startMailDelivery } from './mail/start';
import { requestLogFields } from './modules/password-reset/request-log';
import { registerTwoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { registerPasswordResetRoutes } from './modules/password-reset/password-reset.routes';
import { registerPasskeyRoutes } from './modules/passkeys/passkeys.routes';
import { registerAccountSecurityRoutes } from './modules/account-security/account-security.routes';

const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  '*.2fa_code',
];

/** Builds the API (no listen), so tests drive it through `app.inject`. */
export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: context.config.logLevel,
      redact: REDACTED_PATHS,
      serializers: { req: (request: FastifyRequest) => requestLogFields(request) },
    },
    bodyLimit: 256 * 1024,
    trustProxy: false,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);

  const isAllowedOrigin = allowedOriginMatcher(context.config);
  await app.register(cors, {
    credentials: true,
    origin: (origin, callback) => callback(null, origin !== undefined && isAllowedOrigin(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'X-CSRF-TOKEN', 'X-Organization-ID', 'X-Bypass-2FA', 'Idempotency-Key'],
  });
  await app.register(cookie);
  registerSecurityHeaders(app, { crossOriginResourcePolicy: { policy: 'same-site' } });
  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, openApiOptions);

  registerErrorHandler(app);
  registerOversizedBodyAnswer(app);
  registerAuthGuard(app, context);
  registerDrain(app);
  registerTextGuard(app);

  const mail = startMailDelivery(app, context);
  registerAuthRoutes(app, context);
  registerTwoFactorRoutes(app, context, mail);
  registerPasswordResetRoutes(app, context, mail);
  registerPasskeyRoutes(app, context);
  registerAccountSecurityRoutes(app, context);
  registerOrganizationRoutes(app, context);
  registerClientRoutes(app, context);
  registerActivityTypeRoutes(app, context);
  registerUserRateRoutes(app, context);
  registerPeopleRoutes(app, context);
  registerUserAdminRoutes(app, context, mail);
  registerRoleRoutes(app, context);
  registerOrganizationSettingsRoutes(app, context);
  registerAuditRoutes(app, context);
  registerExportRoutes(app, context);
  registerPreferenceRoutes(app, context, mail);
  registerTimeEntryRoutes(app, context);
  registerExpenseRoutes(app, context);
  registerDashboardRoutes(app, context);
  registerInvoiceRoutes(app, context, mail);
  registerClientDraftRoutes(app, context);
  registerPaymentRoutes(app, context);
  registerLedgerRoutes(app, context);
  registerStatementRoutes(app, context, mail);
  registerClientPortalRoutes(app, context, mail, activeProvider(context.config, context.database.db));
  registerBillingRoutes(app, context);
  registerSupportTicketRoutes(app, context, mail);
  registerReportRoutes(app, context);
  registerSearchRoutes(app, context);
  registerActivityLogRoutes(app, context);
  if (context.config.appEnv === 'development') registerDevRoutes(app, context);
  if (servesDemoOutbox(context.config)) registerDemoOutboxRoutes(app, context);
  app.get(
    '/api/docs/json',
    {
      config: { permission: 'public' },
      schema: { summary: 'Read this OpenAPI document', tags: ['system'], response: { 200: openApiAnswer } },
    },
    async () => app.swagger(),
  );
  app.get(
    '/health',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Check that the server runs and reaches its database',
        tags: ['system'],
        response: { 200: healthAnswer, 503: healthAnswer },
      },
    },
    async (request, reply) => {
      try {
        await context.database.ping();
        return { ok: true, database: 'up' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: the database does not answer');
        return reply.status(503).send({ ok: false, database: 'down' as const });
      }
    },
  );

  await app.ready();
  return app;
}
