import type { StatementEmailInput } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { clientStatements } from '../../db/schema/index';
import { enqueueMail } from '../../mail/outbox';
import { statementMail } from '../../mail/templates/statement';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { NO_RECIPIENT } from '../invoices/invoice-email.service';
import { invalidField } from '../records/field-errors';
import { readStatementData, type StatementData } from './statement-data';
import { renderStatementPdf } from './statement-pdf';

export type StatementPdf = { content: Buffer; fileName: string; data: StatementData };

function fileNameOf(data: StatementData): string {
  return `statement-${data.client.client_id.replace(/[^A-Za-z0-9._-]/g, '_')}-${data.as_of}.pdf`;
}

/** GET /clients/{id}/statement.pdf: read under the caller's tenant, drawn after the transaction ends. */
export async function statementPdf(
  db: Db,
  actor: SessionUser,
  clientId: number,
  asOf: string | undefined,
): Promise<StatementPdf> {
  const data = await withTenant(db, actor.organizationId, (tx) =>
    readStatementData(tx, actor.organizationId, clientId, asOf),
  );
  return { content: await renderStatementPdf(data), fileName: fileNameOf(data), data };
}

/**
 * POST /clients/{id}/statement/email: one message per recipient through the outbox with the
 * PDF attached (recipients default to the client's invoice e-mail), and the statement is
 * recorded, so the next one lists the payments after it (ADR 0136). All in one transaction.
 */
export async function emailStatement(db: Db, actor: SessionUser, clientId: number, input: StatementEmailInput) {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const data = await readStatementData(tx, organizationId, clientId, input.as_of);
    const recipients = [
      ...new Set(
        (input.to && input.to.length > 0 ? input.to : [data.client.invoice_email ?? ''])
          .map((address) => address.trim())
          .filter(Boolean),
      ),
    ];
    if (recipients.length === 0) throw invalidField('to', NO_RECIPIENT);
    const pdf = { filename: fileNameOf(data), contentType: 'application/pdf', content: await renderStatementPdf(data) };
    for (const to of recipients) {
      await enqueueMail(
        tx,
        organizationId,
        statementMail({
          to,
          organizationName: data.firm.name,
          clientName: data.client.legal_name,
          asOf: data.as_of,
          balanceCents: data.aging.balance_cents,
          message: input.message ?? '',
          pdf,
        }),
      );
    }
    const [recorded] = await tx
      .insert(clientStatements)
      .values({
        organizationId,
        clientId,
        asOf: data.as_of,
        balanceCents: data.aging.balance_cents,
        recipients,
        sentBy: actor.id,
      })
      .returning({ id: clientStatements.id });
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'email',
      entity: 'client_statement',
      entityId: recorded!.id,
      after: { client_id: clientId, as_of: data.as_of, balance_cents: data.aging.balance_cents, to: recipients },
    });
    return { queued: recipients.length, to: recipients, as_of: data.as_of };
  });
}
