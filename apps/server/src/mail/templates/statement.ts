import { formatDate, formatMoney } from '@practice/shared';
import { html } from '../html';
import type { MailAttachment, MailMessage } from '../message';
import { mailLayout } from './layout';

export type StatementMail = {
  to: string;
  organizationName: string;
  clientName: string;
  asOf: string;
  balanceCents: number;
  message: string;
  pdf: MailAttachment;
};

/** The client statement e-mail: the PDF attached, the balance due in both parts. */
export function statementMail(input: StatementMail): MailMessage {
  const date = formatDate(input.asOf, { long: true });
  const subject = `Statement from ${input.organizationName} as of ${date}`;
  const balance = formatMoney(input.balanceCents, { decimals: true });
  const text = [
    `Dear ${input.clientName},`,
    '',
    ...(input.message ? [input.message, ''] : []),
    `Your statement as of ${date} is attached.`,
    `Balance due: ${balance}.`,
    '',
    input.organizationName,
  ].join('\n');
  const body = html`<p style="margin:0 0 16px;">Dear ${input.clientName},</p>
    ${input.message ? html`<p style="margin:0 0 16px;white-space:pre-wrap;">${input.message}</p>` : html``}
    <p style="margin:0 0 16px;">Your statement as of ${date} is attached.</p>
    <p style="margin:0;">Balance due: <strong>${balance}</strong>.</p>`;
  return {
    to: input.to,
    subject,
    text,
    html: mailLayout(subject, input.organizationName, body),
    attachments: [input.pdf],
  };
}
