import { html } from '../html';
import type { MailMessage } from '../message';
import { mailLayout } from './layout';

export type EmailChangeMail = { to: string; firstName: string; organizationName: string; link: string; hours: number };

/** Sent to the new address: the change takes effect only when its owner opens the link. */
export function emailChangeMail(input: EmailChangeMail): MailMessage {
  const subject = 'Confirm your new e-mail address';
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    `You asked to use this address for your account at ${input.organizationName}.`,
    `To confirm it, open this link within ${input.hours} hours while signed in (it works once):`,
    '',
    input.link,
    '',
    'If you did not ask for this, ignore this message: nothing changes.',
  ].join('\n');
  const body = html`<p style="margin:0 0 16px;">${greeting}</p>
    <p style="margin:0 0 16px;">
      You asked to use this address for your account at ${input.organizationName}. To confirm it, use this button within
      ${String(input.hours)} hours while signed in (it works once):
    </p>
    <p style="margin:0 0 24px;">
      <a
        href="${input.link}"
        style="display:inline-block;background:#007bff;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;"
        >Confirm my e-mail</a
      >
    </p>
    <p style="margin:0 0 16px;font-size:13px;color:#52606d;word-break:break-all;">${input.link}</p>
    <p style="margin:0;color:#52606d;">If you did not ask for this, ignore this message: nothing changes.</p>`;
  return { to: input.to, subject, text, html: mailLayout(subject, input.organizationName, body) };
}
