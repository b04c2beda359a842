import { formatDate, formatMoney } from '@practice/shared';
import { html } from '../html';
import type { MailMessage } from '../message';
import { mailLayout } from './layout';

export type PaymentReceiptMail = {
  to: string;
  organizationName: string;
  clientName: string;
  invoiceNumber: string;
  paymentDate: string;
  amountCents: number;
  balanceCents: number;
  reference: string;
};

/** The receipt of a payment made in the client portal (PRODUCT.md, E-mail): both parts say the same. */
export function paymentReceiptMail(input: PaymentReceiptMail): MailMessage {
  const subject = `Payment received for invoice ${input.invoiceNumber} from ${input.organizationName}`;
  const amount = formatMoney(input.amountCents, { decimals: true });
  const balance = formatMoney(input.balanceCents, { decimals: true });
  const date = formatDate(input.paymentDate, { long: true });
  const text = [
    `Dear ${input.clientName},`,
    '',
    `We received your payment of ${amount} on ${date} for invoice ${input.invoiceNumber}.`,
    `Reference: ${input.reference}`,
    `Balance remaining on the invoice: ${balance}.`,
    '',
    'Thank you.',
    input.organizationName,
  ].join('\n');
  const body = html`<p style="margin:0 0 16px;">Dear ${input.clientName},</p>
    <p style="margin:0 0 16px;">
      We received your payment of <strong>${amount}</strong> on ${date} for invoice
      <strong>${input.invoiceNumber}</strong>.
    </p>
    <p style="margin:0 0 8px;font-size:13px;color:#52606d;">Reference: ${input.reference}</p>
    <p style="margin:0 0 16px;">Balance remaining on the invoice: <strong>${balance}</strong>.</p>
    <p style="margin:0;">Thank you.</p>`;
  return { to: input.to, subject, text, html: mailLayout(subject, input.organizationName, body) };
}
