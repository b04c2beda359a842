import { z } from 'zod/mini';
import { isoDate } from './fields';
import { invoiceEmailSchema } from './invoice';

/** POST /clients/{id}/statement/email: recipients default to the client's invoice e-mail. */
export const statementEmailSchema = z.object({
  ...invoiceEmailSchema.shape,
  as_of: z.optional(isoDate('As of')),
});
export type StatementEmailInput = z.infer<typeof statementEmailSchema>;

/** With no e-mailed statement before, a statement lists the payments of this many days. */
export const STATEMENT_DEFAULT_DAYS = 90;
