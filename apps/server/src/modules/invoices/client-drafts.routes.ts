import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { expenseAnswer } from '../expenses/expense-answers';
import { idParams } from '../records/params';
import { timeEntryAnswer } from '../time-entries/time-entry-answers';
import { readClientDrafts } from './client-drafts.service';

const clientDraftsAnswer = z.object({
  client: z.object({ id: z.int(), client_id: z.string(), legal_name: z.string() }),
  time_entries: z.array(timeEntryAnswer).describe('The oldest 100 billable draft time entries'),
  expenses: z.array(expenseAnswer).describe('The oldest 100 billable draft expenses'),
  totals: z.object({
    time_entries: z.int(),
    minutes: z.int(),
    expenses: z.int(),
    expense_cents: z.int(),
  }),
});

export function registerClientDraftRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/clients/:id/drafts',
    {
      config: { permission: 'can_create_invoices' },
      schema: {
        summary: "Read a client's billable drafts, which reach WIP once completed",
        params: idParams,
        tags: ['invoices'],
        response: { 200: clientDraftsAnswer },
      },
    },
    async (request) => readClientDrafts(db, sessionUserOf(request), request.params.id),
  );
}
