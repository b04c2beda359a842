export type MailAttachment = { filename: string; contentType: string; content: Buffer };

/** One e-mail: every message has an HTML and a plain-text part, and may carry files. */
export type MailMessage = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };
