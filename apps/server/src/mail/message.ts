/** One e-mail: every message has an HTML and a plain-text part. */
export type MailMessage = { to: string; subject: string; text: string; html: string };
