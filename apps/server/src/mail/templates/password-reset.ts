import { html } from '../html';
import type { MailMessage } from '../message';
import { mailLayout } from './layout';

export type PasswordResetMail = {
  to: string;
  firstName: string;
  username: string;
  organizationName: string;
  link: string;
};

export function passwordResetMail(input: PasswordResetMail): MailMessage {
  const subject = 'Reset your password';
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    `Someone asked to reset the password of ${input.username} at ${input.organizationName}.`,
    'To choose a new password, open this link within one hour (it works once):',
    '',
    input.link,
    '',
    'If you did not ask for this, ignore this message: your password stays as it is.',
  ].join('\n');
  const body = html`<p style="margin:0 0 16px;">${greeting}</p>
    <p style="margin:0 0 16px;">
      Someone asked to reset the password of <strong>${input.username}</strong>. To choose a new password, use this
      button within one hour (it works once):
    </p>
    <p style="margin:0 0 24px;">
      <a
        href="${input.link}"
        style="display:inline-block;background:#007bff;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;"
        >Choose a new password</a
      >
    </p>
    <p style="margin:0 0 16px;font-size:13px;color:#52606d;word-break:break-all;">${input.link}</p>
    <p style="margin:0;color:#52606d;">
      If you did not ask for this, ignore this message: your password stays as it is.
    </p>`;
  return { to: input.to, subject, text, html: mailLayout(subject, input.organizationName, body) };
}
