import { html } from '../html';
import type { MailMessage } from '../message';
import { mailLayout } from './layout';

export type SignInUnlockMail = {
  to: string;
  firstName: string;
  username: string;
  organizationName: string;
  link: string;
  minutes: number;
};

/** Sent when unknown browsers are locked out of the account: the person's way back in at once. */
export function signInUnlockMail(input: SignInUnlockMail): MailMessage {
  const subject = 'Sign-in to your account was paused';
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    `Someone entered a wrong password for ${input.username} at ${input.organizationName} too many times, so`,
    `sign-in from browsers you have not used before is paused for ${input.minutes} minutes.`,
    'Browsers you have signed in from before still work.',
    '',
    'To sign in now from another browser, open this link in it (it works once, for one hour):',
    '',
    input.link,
    '',
    'If it was not you, your password held: nobody got in. Consider changing it.',
  ].join('\n');
  const body = html`<p style="margin:0 0 16px;">${greeting}</p>
    <p style="margin:0 0 16px;">
      Someone entered a wrong password for ${input.username} at ${input.organizationName} too many times, so sign-in
      from browsers you have not used before is paused for ${String(input.minutes)} minutes. Browsers you have signed in
      from before still work.
    </p>
    <p style="margin:0 0 16px;">
      To sign in now from another browser, open this link in it (it works once, for one hour):
    </p>
    <p style="margin:0 0 24px;">
      <a
        href="${input.link}"
        style="display:inline-block;background:#007bff;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;"
        >Sign in from this browser</a
      >
    </p>
    <p style="margin:0 0 16px;font-size:13px;color:#52606d;word-break:break-all;">${input.link}</p>
    <p style="margin:0;color:#52606d;">If it was not you, your password held: nobody got in. Consider changing it.</p>`;
  return { to: input.to, subject, text, html: mailLayout(subject, input.organizationName, body) };
}
