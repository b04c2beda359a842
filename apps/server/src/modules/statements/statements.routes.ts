import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isoDate, statementEmailSchema } from '@practice/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { pdfAnswer } from '../../lib/file-answers';
import type { MailDelivery } from '../../mail/delivery';
import { sessionUserOf } from '../../plugins/auth-guard';
import { idParams } from '../records/params';
import { emailStatement, statementPdf } from './statement.service';

const statementQuery = z.object({ as_of: z.optional(isoDate('As of')) });
const statementEmailAnswer = z.object({ queued: z.int(), to: z.array(z.string()), as_of: z.string() });

/** API.md "Payments, ledger, billing": the client statement, downloaded or e-mailed (ADR 0136). */
export function registerStatementRoutes(app: FastifyInstance, context: AppContext, mail: MailDelivery): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const tags = ['ledger'];

  routes.get(
    '/clients/:id/statement.pdf',
    {
      config: { permission: 'can_view_ar_ledger' },
      schema: {
        summary: "Download a client's statement as PDF",
        params: idParams,
        querystring: statementQuery,
        tags,
        response: { 200: pdfAnswer("The client's statement") },
      },
    },
    async (request, reply) => {
      const pdf = await statementPdf(db, sessionUserOf(request), request.params.id, request.query.as_of);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf.content);
    },
  );

  routes.post(
    '/clients/:id/statement/email',
    // Sending changes the AR record (the last statement) and reaches the client: collections work.
    {
      config: { permission: 'can_edit_payments' },
      schema: {
        summary: "E-mail a client's statement",
        params: idParams,
        body: statementEmailSchema,
        tags,
        response: { 202: statementEmailAnswer },
      },
    },
    async (request, reply) => {
      const answer = await emailStatement(db, sessionUserOf(request), request.params.id, request.body);
      mail.kick();
      return reply.status(202).send(answer);
    },
  );
}
