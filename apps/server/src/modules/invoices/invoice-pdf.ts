import { formatDate, formatHours, formatMoney, type InvoiceView } from '@practice/shared';
import { renderPdf, type PdfCanvas } from '../../lib/pdf/render';

export type InvoicePdfInput = {
  invoice: InvoiceView;
  /** `logo`: the firm's uploaded PNG or JPEG bytes (pdfkit draws no WebP: that one is left out). */
  firm: { name: string; primaryColor: string; remitTo: string; footer: string; logo?: Buffer | null };
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
 * colour, remit-to, client, dates, narrative, lines, totals, and the portal address with the
 * access code. Everything a user typed is drawn as text, never interpreted, in Helvetica or,
 * when a text needs more than WinAnsi, in embedded Unicode fonts (ADR 0135, 0175).
 */
export function renderInvoicePdf(input: InvoicePdfInput, portalAddress: string | null): Promise<Buffer> {
  const { invoice, firm } = input;
  return renderPdf(
    { size: 'LETTER', margin: MARGIN, info: { Title: `Invoice ${invoice.number ?? 'draft'}`, Author: firm.name } },
    (canvas) => drawInvoice(canvas, input, portalAddress),
  );
}

function drawInvoice({ document, write }: PdfCanvas, input: InvoicePdfInput, portalAddress: string | null): void {
  const { invoice, firm, client } = input;
  let top = MARGIN;
  if (firm.logo) {
    // The image is the firm's own upload, its type checked by content; fit keeps its proportions.
    document.image(firm.logo, MARGIN, MARGIN, { fit: [160, 48] });
    top = MARGIN + 56;
  }
  document.fillColor(colourOf(firm.primaryColor)).fontSize(20);
  write(firm.name, 'bold', MARGIN, top);
  document.fillColor('#1f2933').fontSize(9);
  if (firm.remitTo) write(`Remit to: ${firm.remitTo}`, 'regular', undefined, undefined, { width: 300 });

  const title = invoice.status === 'draft' ? 'DRAFT INVOICE' : `INVOICE ${invoice.number}`;
  document.fontSize(14);
  write(title, 'bold', 330, MARGIN, { width: RIGHT - 330, align: 'right' });
  document.fontSize(9);
  const facts = [
    `Invoice date: ${longDate(invoice.issue_date)}`,
    `Due date: ${longDate(invoice.due_date)}`,
    `Terms: Net ${invoice.terms_days}`,
  ];
  if (invoice.status === 'void') facts.push('VOID');
  for (const fact of facts) write(fact, 'regular', 330, undefined, { width: RIGHT - 330, align: 'right' });

  document.moveDown(2);
  const billToY = Math.max(document.y, 130);
  write('Bill to', 'bold', MARGIN, billToY);
  write(client.legalName, 'regular');
  for (const line of client.address) write(line, 'regular');

  // The narrative says what the work was, so it reads before the lines and totals that price it.
  if (invoice.narrative) {
    document.moveDown(1.5).fontSize(10);
    write(invoice.narrative, 'regular', MARGIN, undefined, { width: RIGHT - MARGIN });
    document.fontSize(9);
  }

  document.moveDown(1.5);
  const tableTop = document.y;
  write('Description', 'bold', MARGIN, tableTop, { width: 300 });
  write('Hours', 'bold', 360, tableTop, { width: 60, align: 'right' });
  write('Amount', 'bold', 430, tableTop, { width: RIGHT - 430, align: 'right' });
  document
    .moveTo(MARGIN, document.y + 2)
    .lineTo(RIGHT, document.y + 2)
    .strokeColor('#c5cdd6')
    .stroke();
  document.moveDown(0.5);
  for (const line of invoice.lines.filter((candidate) => candidate.kind !== 'tax')) {
    if (document.y > 680) document.addPage();
    const y = document.y;
    write(line.description || '-', 'regular', MARGIN, y, { width: 300 });
    const after = document.y;
    if (line.minutes !== undefined) write(formatHours(line.minutes), 'regular', 360, y, { width: 60, align: 'right' });
    write(money(line.amount_cents), 'regular', 430, y, { width: RIGHT - 430, align: 'right' });
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
    const weight = label === 'Total' || label === 'Balance due' ? 'bold' : 'regular';
    write(label, weight, 330, y, { width: 90, align: 'right' });
    write(money(cents), weight, 430, y, { width: RIGHT - 430, align: 'right' });
  }

  if (invoice.access_code && portalAddress) {
    document.moveDown(1.5).fontSize(10);
    write('Pay or view online', 'bold', MARGIN);
    document.fontSize(9);
    write(`Go to ${portalAddress}`, 'regular');
    write(`Access code: ${invoice.access_code}`, 'regular');
  }
  if (firm.footer) {
    document.moveDown(1.5).fontSize(8).fillColor('#52606d');
    write(firm.footer, 'regular', MARGIN, undefined, { width: RIGHT - MARGIN });
  }
}
