import { formatDate, formatMoney } from '@practice/shared';
import { html } from '../html';
import type { MailAttachment, MailMessage } from '../message';
import { mailLayout } from './layout';

export type InvoiceMail = {
  to: string;
  organizationName: string;
  clientName: string;
  number: string;
  totalCents: number;
  balanceCents: number;
  dueDate: string | null;
  portalLink: string;
  accessCode: string;
  message: string;
  pdf: MailAttachment;
};

/** The invoice e-mail (PRODUCT.md): PDF attached, the portal link and access code in both parts. */
export function invoiceMail(input: InvoiceMail): MailMessage {
  const subject = `Invoice ${input.number} from ${input.organizationName}`;
  const balance = formatMoney(input.balanceCents, { decimals: true });
  const due = formatDate(input.dueDate, { long: true });
  const text = [
    `Dear ${input.clientName},`,
    '',
    ...(input.message ? [input.message, ''] : []),
    `Invoice ${input.number} for ${formatMoney(input.totalCents, { decimals: true })} is attached.`,
    `Balance due: ${balance}${due ? `, by ${due}` : ''}.`,
    '',
    'View and pay it online:',
    input.portalLink,
    `Access code: ${input.accessCode}`,
    '',
    input.organizationName,
  ].join('\n');
  const body = html`<p style="margin:0 0 16px;">Dear ${input.clientName},</p>
    ${input.message ? html`<p style="margin:0 0 16px;white-space:pre-wrap;">${input.message}</p>` : html``}
    <p style="margin:0 0 16px;">
      Invoice <strong>${input.number}</strong> for ${formatMoney(input.totalCents, { decimals: true })} is attached.
      Balance due: <strong>${balance}</strong>${due ? html`, by ${due}` : html``}.
    </p>
    <p style="margin:0 0 24px;">
      <a
        href="${input.portalLink}"
        style="display:inline-block;background:#007bff;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;"
        >View and pay online</a
      >
    </p>
    <p style="margin:0 0 8px;font-size:13px;color:#52606d;word-break:break-all;">${input.portalLink}</p>
    <p style="margin:0;font-size:13px;color:#52606d;">Access code: <strong>${input.accessCode}</strong></p>`;
  return {
    to: input.to,
    subject,
    text,
    html: mailLayout(subject, input.organizationName, body),
    attachments: [input.pdf],
  };
}
