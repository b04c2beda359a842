import { html } from '../html';
import type { MailMessage } from '../message';
import { mailLayout } from './layout';

export type TwoFactorResetMail = {
  to: string;
  firstName: string;
  organizationName: string;
  administrator: string;
};

/** Tells the person his e-mail codes were turned off by someone else, so a reset he did not ask for is noticed. */
export function twoFactorResetMail(input: TwoFactorResetMail): MailMessage {
  const subject = 'Two-factor sign-in was turned off for your account';
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    `${input.administrator}, an administrator at ${input.organizationName}, turned off e-mail verification codes for your account.`,
    'You now sign in with your username and password alone.',
    'To turn the codes on again, open Settings, then Security, after you sign in.',
    '',
    'If you did not ask for this, tell your administrator and change your password.',
  ].join('\n');
  const body = html`<p style="margin:0 0 16px;">${greeting}</p>
    <p style="margin:0 0 16px;">
      ${input.administrator}, an administrator at ${input.organizationName}, turned off e-mail verification codes for
      your account. You now sign in with your username and password alone.
    </p>
    <p style="margin:0 0 16px;">To turn the codes on again, open Settings, then Security, after you sign in.</p>
    <p style="margin:0;color:#52606d;">
      If you did not ask for this, tell your administrator and change your password.
    </p>`;
  return { to: input.to, subject, text, html: mailLayout(subject, input.organizationName, body) };
}
