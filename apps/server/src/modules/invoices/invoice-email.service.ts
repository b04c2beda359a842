import type { InvoiceEmailInput } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { enqueueMail } from '../../mail/outbox';
import { invoiceMail } from '../../mail/templates/invoice';
import { writeAudit } from '../audit/audit';
import { invalidField } from '../records/field-errors';
import { readBillingSettings } from './billing-settings';
import { ALREADY_VOID } from './invoice-issue.service';
import { invoicePdf } from './invoice-pdf.service';

export const ISSUE_BEFORE_EMAIL = 'Issue the invoice before e-mailing it';
export const NO_RECIPIENT = "This client has no invoice e-mail: enter the recipient's address";

/**
 * POST /invoices/{id}/email: one message per recipient through the outbox, each with the
 * PDF attached and the portal link and access code; recipients default to the client's
 * invoice e-mail.
 */
export async function emailInvoice(
  db: Db,
  caller: Parameters<typeof invoicePdf>[1],
  invoiceId: number,
  input: InvoiceEmailInput,
) {
  const { actor } = caller;
  const organizationId = actor.organizationId;
  const pdf = await invoicePdf(db, caller, invoiceId);
  const { invoice } = pdf;
  if (invoice.status === 'draft') throw new AppError(409, ISSUE_BEFORE_EMAIL);
  if (invoice.status === 'void') throw new AppError(409, ALREADY_VOID);
  const recipients = [...new Set(input.to && input.to.length > 0 ? input.to : [invoice.client.invoice_email ?? ''])]
    .map((address) => address.trim())
    .filter(Boolean);
  if (recipients.length === 0) throw invalidField('to', NO_RECIPIENT);
  await withTenant(db, organizationId, async (tx) => {
    const settings = await readBillingSettings(tx, organizationId);
    for (const to of recipients) {
      await enqueueMail(
        tx,
        organizationId,
        invoiceMail({
          to,
          organizationName: settings.name,
          clientName: invoice.client.legal_name,
          number: invoice.number!,
          totalCents: invoice.total_cents,
          balanceCents: invoice.balance_cents,
          dueDate: invoice.due_date,
          portalLink: invoice.portal_url!,
          accessCode: invoice.access_code!,
          message: input.message ?? '',
          pdf: { filename: pdf.fileName, contentType: 'application/pdf', content: pdf.content },
        }),
      );
    }
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'email',
      entity: 'invoice',
      entityId: invoiceId,
      after: { to: recipients },
    });
  });
  return { queued: recipients.length, to: recipients };
}
