import { html } from '../html';
import type { MailMessage } from '../message';
import { mailLayout } from './layout';

export type TwoFactorCodeMail = {
  to: string;
  firstName: string;
  organizationName: string;
  code: string;
  minutes: number;
};

export function twoFactorCodeMail(input: TwoFactorCodeMail): MailMessage {
  const subject = 'Your verification code';
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    `Your verification code for ${input.organizationName} is: ${input.code}`,
    '',
    `It expires in ${input.minutes} minutes and works once.`,
    'If you did not just sign in, change your password: someone else knows it.',
  ].join('\n');
  const body = html`<p style="margin:0 0 16px;">${greeting}</p>
    <p style="margin:0 0 16px;">Your verification code is:</p>
    <p style="margin:0 0 24px;font-size:28px;font-weight:bold;letter-spacing:4px;font-family:monospace;">
      ${input.code}
    </p>
    <p style="margin:0 0 8px;">It expires in ${input.minutes} minutes and works once.</p>
    <p style="margin:0;color:#52606d;">If you did not just sign in, change your password: someone else knows it.</p>`;
  return { to: input.to, subject, text, html: mailLayout(subject, input.organizationName, body) };
}
