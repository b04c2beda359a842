import type { Tx } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import type { MailMessage } from './message';

/**
 * Queues a message in the caller's transaction: it is sent only if the change that caused
 * it commits, and a failing mail server never rolls that change back.
 */
export async function enqueueMail(tx: Tx, organizationId: number, message: MailMessage): Promise<void> {
  await tx.insert(mailOutbox).values({
    organizationId,
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    attachments: message.attachments?.map((file) => ({
      filename: file.filename,
      content_type: file.contentType,
      content_base64: file.content.toString('base64'),
    })),
  });
}
