import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../config';
import type { MailMessage } from './message';

export type MailTransport = {
  /** smtp: handed to a mail server; outbox: kept in the database and logged (development). */
  kind: 'smtp' | 'outbox';
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

/** no-reply at the host of PUBLIC_URL, without the organization label of a template URL. */
export function senderAddress(publicUrl: string): string {
  const host = new URL(publicUrl.replace('{org}.', '').replace('{org}', 'www')).hostname;
  return `no-reply@${host}`;
}

function smtpTransport(config: Config, smtpUrl: string): MailTransport {
  // A plain smtp:// URL upgrades with STARTTLS whenever the server offers it (nodemailer's default).
  const transporter = createTransport(smtpUrl, { from: senderAddress(config.publicUrl) });
  return {
    kind: 'smtp',
    send: async (message) => {
      await transporter.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
        })),
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP_URL the message stays in the outbox table and the log shows it. Outside
 * production the log carries the text (codes and links included) so a developer can sign
 * in; in production only who and what, since logs never hold codes or tokens.
 */
function outboxTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'outbox',
    send: async (message) => {
      if (config.appEnv === 'production') {
        log.warn({ to: message.to, subject: message.subject }, 'mail kept in the outbox: SMTP_URL is not set');
      } else {
        log.info({ to: message.to, subject: message.subject, text: message.text }, 'development outbox');
      }
    },
    close: () => undefined,
  };
}

export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  return config.smtpUrl ? smtpTransport(config, config.smtpUrl) : outboxTransport(config, log);
}
