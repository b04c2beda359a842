import { and, desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema/index';
import type { AppContext } from '../src/app-context';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** Every queued message to an address, newest first, read as the table owner. */
export async function mailsTo(context: AppContext, address: string): Promise<OutboxMail[]> {
  return context.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.id));
}

export async function latestMailTo(context: AppContext, address: string): Promise<OutboxMail> {
  const [mail] = await mailsTo(context, address);
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

export function codeIn(text: string): string {
  const match = /verification code[^:]*: (\d{8})/.exec(text);
  if (!match?.[1]) throw new Error('no 8-digit code in the message');
  return match[1];
}

export function resetLinkIn(text: string): string {
  const match = /(https?:\/\/\S+\/reset_password\/[A-Za-z0-9._%-]+)/.exec(text);
  if (!match?.[1]) throw new Error('no reset link in the message');
  return match[1];
}

export function resetCodeOf(link: string): string {
  return decodeURIComponent(link.slice(link.lastIndexOf('/') + 1));
}

/** The latest e-mailed 2FA code to an address (the development outbox keeps the text). */
export async function latestCodeTo(context: AppContext, address: string): Promise<string> {
  const mail = await latestMailTo(context, address);
  return codeIn(mail.textBody ?? '');
}

export async function countMails(context: AppContext, address: string, status?: OutboxMail['status']) {
  const rows = await context.database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), status ? eq(mailOutbox.status, status) : undefined));
  return rows.length;
}
