import PDFDocument from 'pdfkit';
import { formatDate, formatHours, formatMoney, type InvoiceView } from '@practice/shared';

export type InvoicePdfInput = {
  invoice: InvoiceView;
  firm: { name: string; primaryColor: string; remitTo: string; footer: string };
  client: { legalName: string; address: string[] };
};

const money = (cents: number) => formatMoney(cents, { decimals: true });
const longDate = (date: string | null) => formatDate(date, { long: true });
const MARGIN = 50;
const PAGE_WIDTH = 612;
const RIGHT = PAGE_WIDTH - MARGIN;

/** A hex colour from the firm's settings, or the default blue when it is not one. */
function colourOf(value: string): string {
  return /^#[0-9a-fA-F]{6}$/.test(value) ? value : '#007bff';
}

/**
 * The invoice as a PDF, made in this process with pdfkit (ADR 0111): the firm's name in its
 * colour, remit-to, client, dates, lines, totals, narrative, and the portal address with the
 * access code. Everything a user typed is drawn as text, never interpreted.
 */
export function renderInvoicePdf(input: InvoicePdfInput, portalAddress: string | null): Promise<Buffer> {
  const { invoice, firm, client } = input;
  const document = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Invoice ${invoice.number ?? 'draft'}`, Author: firm.name },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  document.fillColor(colourOf(firm.primaryColor)).font('Helvetica-Bold').fontSize(20).text(firm.name, MARGIN, MARGIN);
  document.fillColor('#1f2933').font('Helvetica').fontSize(9);
  if (firm.remitTo) document.text(`Remit to: ${firm.remitTo}`, { width: 300 });

  const title = invoice.status === 'draft' ? 'DRAFT INVOICE' : `INVOICE ${invoice.number}`;
  document
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(title, 330, MARGIN, { width: RIGHT - 330, align: 'right' });
  document.font('Helvetica').fontSize(9);
  const facts = [
    `Invoice date: ${longDate(invoice.issue_date)}`,
    `Due date: ${longDate(invoice.due_date)}`,
    `Terms: Net ${invoice.terms_days}`,
  ];
  if (invoice.status === 'void') facts.push('VOID');
  for (const fact of facts) document.text(fact, 330, undefined, { width: RIGHT - 330, align: 'right' });

  document.moveDown(2);
  const billToY = Math.max(document.y, 130);
  document.font('Helvetica-Bold').text('Bill to', MARGIN, billToY);
  document.font('Helvetica').text(client.legalName);
  for (const line of client.address) document.text(line);

  document.moveDown(1.5);
  const tableTop = document.y;
  document.font('Helvetica-Bold');
  document.text('Description', MARGIN, tableTop, { width: 300 });
  document.text('Hours', 360, tableTop, { width: 60, align: 'right' });
  document.text('Amount', 430, tableTop, { width: RIGHT - 430, align: 'right' });
  document
    .moveTo(MARGIN, document.y + 2)
    .lineTo(RIGHT, document.y + 2)
    .strokeColor('#c5cdd6')
    .stroke();
  document.moveDown(0.5).font('Helvetica');
  for (const line of invoice.lines.filter((candidate) => candidate.kind !== 'tax')) {
    if (document.y > 680) document.addPage();
    const y = document.y;
    document.text(line.description || '-', MARGIN, y, { width: 300 });
    const after = document.y;
    if (line.minutes !== undefined) document.text(formatHours(line.minutes), 360, y, { width: 60, align: 'right' });
    document.text(money(line.amount_cents), 430, y, { width: RIGHT - 430, align: 'right' });
    document.y = Math.max(after, document.y) + 4;
  }

  document.moveDown(0.5);
  const totals: [string, number][] = [['Subtotal', invoice.subtotal_cents]];
  if (invoice.tax_rate_bp > 0) totals.push([`Tax ${(invoice.tax_rate_bp / 100).toFixed(2)}%`, invoice.tax_cents]);
  totals.push(['Total', invoice.total_cents]);
  if (invoice.applied_cents > 0) totals.push(['Payments', -invoice.applied_cents]);
  if (invoice.credited_cents > 0) totals.push(['Credits', -invoice.credited_cents]);
  if (invoice.status !== 'draft') totals.push(['Balance due', invoice.balance_cents]);
  for (const [label, cents] of totals) {
    const y = document.y;
    document.font(label === 'Total' || label === 'Balance due' ? 'Helvetica-Bold' : 'Helvetica');
    document.text(label, 330, y, { width: 90, align: 'right' });
    document.text(money(cents), 430, y, { width: RIGHT - 430, align: 'right' });
  }

  if (invoice.narrative) {
    document
      .moveDown(1.5)
      .font('Helvetica')
      .fontSize(10)
      .text(invoice.narrative, MARGIN, undefined, {
        width: RIGHT - MARGIN,
      });
  }

  if (invoice.access_code && portalAddress) {
    document.moveDown(1.5).font('Helvetica-Bold').fontSize(10).text('Pay or view online', MARGIN);
    document.font('Helvetica').fontSize(9).text(`Go to ${portalAddress}`);
    document.text(`Access code: ${invoice.access_code}`);
  }
  if (firm.footer) {
    document
      .moveDown(1.5)
      .fontSize(8)
      .fillColor('#52606d')
      .text(firm.footer, MARGIN, undefined, {
        width: RIGHT - MARGIN,
      });
  }
  document.end();
  return done;
}
