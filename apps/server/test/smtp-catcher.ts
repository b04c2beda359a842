import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export type CaughtMail = {
  from: string;
  to: string[];
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  decoded: string;
  raw: string;
  /** Whether the client had switched the connection to TLS (STARTTLS) before sending. */
  overTls: boolean;
};

/** Undoes quoted-printable: our templates are ASCII, so this is enough to read codes and links. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A real SMTP server on a free loopback port, as the integration tests' mail peer. It can
 * offer STARTTLS (with smtp-server's built-in self-signed certificate) and refuse messages.
 */
export class SmtpCatcher {
  readonly messages: CaughtMail[] = [];
  /** While above zero, each message is refused with a temporary error (and the counter drops). */
  refuseNext = 0;
  /** How long each message waits for its answer: a slow peer, so a send can be under way when something else happens. */
  answerDelayMs = 0;
  private waiters: { count: number; resolve: () => void }[] = [];
  private server: SMTPServer;
  port = 0;

  constructor(options: { starttls?: boolean } = {}) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: options.starttls ? [] : ['STARTTLS'],
      logger: false,
      onData: (stream, session: SMTPServerSession, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => setTimeout(answer, this.answerDelayMs));
        const answer = () => {
          if (this.refuseNext > 0) {
            this.refuseNext -= 1;
            const error = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw,
            decoded: decodeQuotedPrintable(raw),
            overTls: session.secure,
          });
          callback();
          this.waiters = this.waiters.filter((waiter) => {
            if (this.messages.length < waiter.count) return true;
            waiter.resolve();
            return false;
          });
        };
      },
    });
  }

  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  url(query = ''): string {
    return `smtp://127.0.0.1:${this.port}${query}`;
  }

  /** Resolves once `count` messages in all have arrived; fails after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<CaughtMail[]> {
    if (this.messages.length < count) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${this.messages.length} of ${count} mails arrived`)),
          timeoutMs,
        );
        this.waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    }
    return this.messages;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
