import { html } from '../html';
import type { MailMessage } from '../message';
import { mailLayout } from './layout';

export type TicketMailEvent =
  | { kind: 'new'; authorName: string; description: string }
  | { kind: 'reply'; authorName: string; body: string }
  | { kind: 'status'; statusLabel: string };

export type TicketMail = {
  to: string;
  organizationName: string;
  ticketId: number;
  subject: string;
  link: string;
  event: TicketMailEvent;
};

function summaryOf(event: TicketMailEvent): { heading: string; lead: string; quote: string | null } {
  switch (event.kind) {
    case 'new':
      return { heading: 'New support ticket', lead: `${event.authorName} opened a ticket:`, quote: event.description };
    case 'reply':
      return { heading: 'New reply', lead: `${event.authorName} replied:`, quote: event.body };
    case 'status':
      return { heading: 'Ticket status changed', lead: `The status is now ${event.statusLabel}.`, quote: null };
  }
}

/** The one message of each ticket event: a new ticket, a reply, a status change. */
export function supportTicketMail(input: TicketMail): MailMessage {
  const { heading, lead, quote } = summaryOf(input.event);
  const subject = `${heading}: #${input.ticketId} ${input.subject}`;
  const text = [lead, '', ...(quote ? [quote, ''] : []), `Open the ticket: ${input.link}`].join('\n');
  const body = html`<p style="margin:0 0 16px;">${lead}</p>
    ${
      quote
        ? html`<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #c5ccd3;white-space:pre-wrap;">
            ${quote}
          </blockquote>`
        : html``
    }
    <p style="margin:0;">
      <a
        href="${input.link}"
        style="display:inline-block;background:#007bff;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;"
        >Open ticket #${String(input.ticketId)}</a
      >
    </p>`;
  return { to: input.to, subject, text, html: mailLayout(subject, input.organizationName, body) };
}
