import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { readDemoOutbox } from './demo-outbox';

const demoOutboxAnswer = z.object({
  messages: z.array(
    z.object({
      id: z.int(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
});

/** The demo's mail, read in the app (ADR 0205); registered only when servesDemoOutbox says so. */
export function registerDemoOutboxRoutes(app: FastifyInstance, context: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/demo/outbox',
    {
      // Every person's codes and links: the firm's administrator only.
      config: { permission: 'all' },
      schema: {
        summary: "Read the firm's last e-mails kept in the outbox (development and demo only, no SMTP_URL)",
        tags: ['demo'],
        response: { 200: demoOutboxAnswer },
      },
    },
    async (request) => ({ messages: await readDemoOutbox(context, sessionUserOf(request)) }),
  );
}
