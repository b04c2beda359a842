import { html } from '../html';
import type { MailMessage } from '../message';
import { mailLayout } from './layout';

export type InvitationMail = {
  to: string;
  firstName: string;
  username: string;
  organizationName: string;
  link: string;
  days: number;
};

/** A new user's welcome: his username and a single-use link to choose his own password. */
export function invitationMail(input: InvitationMail): MailMessage {
  const subject = `Your account at ${input.organizationName}`;
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    `An account was created for you at ${input.organizationName}. Your username is ${input.username}.`,
    `To choose your password, open this link within ${input.days} days (it works once):`,
    '',
    input.link,
  ].join('\n');
  const body = html`<p style="margin:0 0 16px;">${greeting}</p>
    <p style="margin:0 0 16px;">
      An account was created for you at ${input.organizationName}. Your username is <strong>${input.username}</strong>.
      To choose your password, use this button within ${String(input.days)} days (it works once):
    </p>
    <p style="margin:0 0 24px;">
      <a
        href="${input.link}"
        style="display:inline-block;background:#007bff;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;"
        >Choose your password</a
      >
    </p>
    <p style="margin:0;font-size:13px;color:#52606d;word-break:break-all;">${input.link}</p>`;
  return { to: input.to, subject, text, html: mailLayout(subject, input.organizationName, body) };
}
